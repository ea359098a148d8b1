package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every Lua script as Redis receives it, assembled by the production code ({@link AlgorithmScripts},
 * {@link BatchScript}, {@link GroupScript}, {@link RedisOverrideStore}), equals its golden file in
 * {@code src/test/resources/golden-lua/}: a change to one block shows, in review, in every script it reaches. A
 * script that differs fails with a unified diff from its golden file to the script; a script assembled with no
 * golden file fails, and so does a golden file that no script is assembled into.
 *
 * <p>The scripts: per algorithm, its decision ({@code <algorithm>.decide.lua}), the reservation, penalty and lease
 * scripts where it has them, and the batch script of that algorithm alone, keeping states and not
 * ({@code .batch-state.lua}, {@code .batch-direct.lua}); the clocked {@code bucket.lua} and {@code release.lua}; the
 * standalone {@code overrides.lua}. Group and batch scripts exist for every set of algorithms (127 sets): the group
 * script of all seven ({@code group.all-algorithms.lua}) stands for them, since a set's script is that one with the
 * other algorithms' functions left out and the rest numbered on.
 *
 * <p>To regenerate the golden files on purpose, after changing a block, run
 * {@code mvn -B -o test -pl extension/core,extension/redis -Dtest=LuaScriptGoldenTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Dthrottled.golden.update=true}: each script is written to its file and
 * the golden files no script is assembled into are deleted; then review and commit the change with {@code git diff}.
 */
class LuaScriptGoldenTest {
    private static final String SUFFIX = ".lua";
    /**
     * A golden file's ending: Lua, but named as data, so that tools that count repeated code do not count 36
     * generated scripts that share their prelude.
     */
    private static final String GOLDEN_SUFFIX = ".lua.golden";
    private static final boolean UPDATE = Boolean.getBoolean("throttled.golden.update");
    /** The source folder, not the copy on the class path: an update writes where git sees it. */
    private static final Path GOLDEN = Path.of(System.getProperty("basedir", "")).resolve("src/test/resources/golden-lua");

    /** Every script under test, by its golden file's name (without {@code .lua.golden}). */
    static SortedMap<String, LuaScript> assembled() {
        SortedMap<String, LuaScript> scripts = new TreeMap<>();
        List<AlgorithmScript> algorithms = AlgorithmScripts.ALGORITHMS;
        for (int bit = 0; bit < algorithms.size(); bit++) {
            AlgorithmScript algorithm = algorithms.get(bit);
            String name = algorithm.file().substring(0, algorithm.file().length() - SUFFIX.length());
            add(scripts, name + ".decide", algorithm.lua());
            add(scripts, name + ".reserve", algorithm.reservation());
            add(scripts, name + ".penalty", algorithm.penalty());
            add(scripts, name + ".lease", algorithm.lease());
            add(scripts, name + ".batch-state", BatchScript.script(1 << bit, true));
            add(scripts, name + ".batch-direct", BatchScript.script(1 << bit, false));
        }
        add(scripts, "group.all-algorithms", GroupScript.script((1 << algorithms.size()) - 1));
        add(scripts, "bucket.clocked", AlgorithmScripts.BUCKET);
        add(scripts, "release.clocked", AlgorithmScripts.RELEASE);
        add(scripts, "overrides.standalone", RedisOverrideStore.REPLACE);
        return scripts;
    }

    /** Null: the algorithm has no such script (it cannot wait, be pushed on or lease). */
    private static void add(Map<String, LuaScript> scripts, String name, LuaScript script) {
        if (script != null) {
            scripts.put(name, script);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyScriptIsItsGoldenFile() {
        return assembled().entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(),
                () -> compare(e.getKey() + GOLDEN_SUFFIX, e.getValue())));
    }

    private static void compare(String file, LuaScript script) throws IOException {
        Path golden = GOLDEN.resolve(file);
        if (UPDATE) {
            Files.createDirectories(GOLDEN);
            Files.writeString(golden, script.source(), StandardCharsets.UTF_8);
            return;
        }
        if (!Files.exists(golden)) {
            fail(script.name() + " is assembled with no golden file " + golden + "; " + howToUpdate());
        }
        String diff = LineDiff.unified("golden-lua/" + file, Files.readString(golden, StandardCharsets.UTF_8),
                "assembled/" + file, script.source());
        if (!diff.isEmpty()) {
            System.out.print(diff);   // in the test's output file too, whole, as a patch
            fail(script.name() + " differs from golden-lua/" + file + "; " + howToUpdate() + "\n" + diff);
        }
    }

    @Test
    void everyGoldenFileIsAnAssembledScript() throws IOException {
        TreeSet<String> orphans = new TreeSet<>();
        if (Files.isDirectory(GOLDEN)) {
            try (Stream<Path> files = Files.list(GOLDEN)) {
                files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(GOLDEN_SUFFIX)).forEach(orphans::add);
            }
        }
        Map<String, LuaScript> scripts = assembled();
        orphans.removeIf(f -> scripts.containsKey(f.substring(0, f.length() - GOLDEN_SUFFIX.length())));
        if (UPDATE) {
            for (String orphan : orphans) {
                Files.delete(GOLDEN.resolve(orphan));
            }
            return;
        }
        assertThat(orphans).as("golden files no script is assembled into; " + howToUpdate()).isEmpty();
    }

    /** A script preloaded on Redis and not named in {@link #assembled} would be reviewed nowhere. */
    @Test
    void everyPreloadedScriptIsUnderTest() {
        assertThat(assembled().values()).containsAll(AlgorithmScripts.all());
    }

    private static String howToUpdate() {
        return "if the change is meant, regenerate with -Dthrottled.golden.update=true (see LuaScriptGoldenTest)";
    }
}
