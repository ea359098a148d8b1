package io.throttled.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.redis.RedisConfigKeys;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The table of docs/reference/configuration.md names exactly the keys the code reads: every {@code throttled.*}
 * constant of {@link ConfigKeys} and {@link RedisConfigKeys}, every {@link PolicyField} as
 * {@code throttled.policy.<name>.<field>}, every {@link RouteField} as {@code throttled.route.<name>.<field>}, and the
 * families a tier and a route's policy are set by. The sample's own keys
 * ({@code demo.*}) must be read by the sample or its server configuration.
 */
class DocumentedConfigurationTest {
    private static final Path DOC = Path.of("..", "..", "docs", "reference", "configuration.md");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");

    @Test
    void theTableNamesEveryKeyTheCodeReadsAndNoOther() throws IOException {
        Set<String> read = keysTheCodeReads();
        Set<String> documented = documentedKeys(Files.readString(DOC));
        Set<String> undocumented = new TreeSet<>(read);
        undocumented.removeAll(documented);
        Set<String> unread = new TreeSet<>();
        for (String key : documented) {
            if (key.startsWith("throttled.") && !read.contains(key)) {
                unread.add(key);
            }
        }
        List<String> problems = new ArrayList<>();
        undocumented.forEach(key -> problems.add(key + ": the code reads it, the table does not list it"));
        unread.forEach(key -> problems.add(key + ": the table lists it, the code does not read it"));
        assertThat(problems).as(DOC.toString()).isEmpty();
    }

    @Test
    void theSampleReadsTheSampleKeysTheTableLists() throws IOException {
        StringBuilder sample = new StringBuilder();
        for (Path folder : List.of(Path.of("..", "..", "sample-war", "src", "main"),
                Path.of("..", "..", "server-config", "src", "main"))) {
            try (Stream<Path> files = Files.walk(folder)) {
                files.filter(Files::isRegularFile).map(DocumentedConfigurationTest::read).forEach(sample::append);
            }
        }
        for (String key : documentedKeys(Files.readString(DOC))) {
            if (!key.startsWith("throttled.")) {
                assertThat(sample.toString()).as("the sample reads " + key).contains(key);
            }
        }
    }

    @Test
    void relativeFormsExpand() {
        assertThat(documentedKeys("| key | default | meaning |\n|---|---|---|\n"
                + "| `throttled.redis.pool.max-total`, `.max-idle` | `32` | x |\n"
                + "| `throttled.redis.tls.truststore`, `-password`, `-type` | the JVM's, —, `PKCS12` | y |\n"
                + "| `demo.telemetry` (sample only, `DEMO_TELEMETRY`) | `off` | z |\n"))
                .containsExactly("throttled.redis.pool.max-total", "throttled.redis.pool.max-idle",
                        "throttled.redis.tls.truststore", "throttled.redis.tls.truststore-password",
                        "throttled.redis.tls.truststore-type", "demo.telemetry");
    }

    static Set<String> keysTheCodeReads() {
        Set<String> keys = new TreeSet<>();
        for (Class<?> holder : List.of(ConfigKeys.class, RedisConfigKeys.class)) {
            for (Field field : holder.getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (Modifier.isPublic(modifiers) && Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers)
                        && field.getType() == String.class) {
                    String value = (String) get(field);
                    if (value.startsWith("throttled.") && !value.endsWith(".")) {   // prefixes build the families below
                        keys.add(value);
                    }
                }
            }
        }
        String policy = ConfigKeys.POLICY_PREFIX + "<name>.";
        String route = ConfigKeys.ROUTE_PREFIX + "<name>.";
        for (PolicyField field : PolicyField.values()) {
            keys.add(policy + field.configName());
        }
        keys.add(policy + Tiers.SEPARATOR.substring(1) + "<tier>.<field>");   // a tier's bucket fields
        for (RouteField field : RouteField.values()) {
            keys.add(route + field.configName());
        }
        keys.add(route + "<field>");   // a route's policy: every policy field, tiers included
        return keys;
    }

    /** The keys in the first column of the table, with the relative forms ({@code .x}, {@code -x}) expanded. */
    static Set<String> documentedKeys(String markdown) {
        Set<String> keys = new LinkedHashSet<>();
        boolean inTable = false;
        for (String line : markdown.split("\n")) {
            if (line.startsWith("| key |")) {
                inTable = true;
                continue;
            }
            if (!inTable || line.startsWith("|---")) {
                continue;
            }
            if (!line.startsWith("|")) {
                inTable = false;
                continue;
            }
            String firstCell = line.substring(1, line.indexOf('|', 1));
            firstCell = firstCell.replaceAll("\\(.*?\\)", "");   // remarks such as "(sample only, `DEMO_...`)"
            List<String> names = new ArrayList<>();
            Matcher code = CODE.matcher(firstCell);
            while (code.find()) {
                names.add(code.group(1).trim());
            }
            String first = null;
            for (String name : names) {
                if (first != null && name.startsWith(".")) {
                    keys.add(first.substring(0, first.lastIndexOf('.')) + name);
                } else if (first != null && name.startsWith("-")) {
                    keys.add(first + name);
                } else {
                    first = name;
                    keys.add(name);
                }
            }
        }
        return keys;
    }

    private static Object get(Field field) {
        try {
            return field.get(null);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";   // a binary file: no key in it
        }
    }
}
