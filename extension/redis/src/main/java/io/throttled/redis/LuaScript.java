package io.throttled.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.StringJoiner;

/**
 * A Lua script read from {@code META-INF/throttled/lua/}, with its SHA-1 digest for EVALSHA. A decision
 * script is four files joined: {@code clock.lua}, {@code prelude.lua}, the algorithm's file and
 * {@code decide.lua}; a group script ({@link #group}) joins several algorithm files around {@code group.lua}, a
 * batch script ({@link #batch}) around {@code batch.lua};
 * every script that reads the time starts with {@code clock.lua}. What each block defines and may call, and what
 * each script takes and returns, is written once, at the top of {@code prelude.lua}; every script as Redis receives
 * it is in the test resources' {@code golden-lua/}.
 */
public final class LuaScript {
    private static final String FOLDER = "META-INF/throttled/lua/";
    private static final String CLOCK = "clock.lua";

    private final String name;
    private final String source;
    private final String sha1;

    private LuaScript(String name, String source) {
        this.name = name;
        this.source = source;
        this.sha1 = sha1(source);
    }

    /** A decision script for one algorithm file. */
    public static LuaScript decision(String algorithmFile) {
        return new LuaScript(algorithmFile, read(CLOCK) + read("prelude.lua") + read(algorithmFile) + read("decide.lua"));
    }

    /** A reservation script for one algorithm file: its decision, and a slot reserved within max-wait. */
    public static LuaScript reservation(String algorithmFile) {
        return new LuaScript("reserve(" + algorithmFile + ")",
                read(CLOCK) + read("prelude.lua") + read(algorithmFile) + read("reserve.lua"));
    }

    /** A penalty script for one algorithm file: every limit pushed on until a time (penalty.lua). */
    public static LuaScript penalty(String algorithmFile) {
        return new LuaScript("penalty(" + algorithmFile + ")",
                read(CLOCK) + read("prelude.lua") + read(algorithmFile) + read("penalty.lua"));
    }

    /** A lease script for one algorithm file: a lease given back and a new one taken, in one call (lease.lua). */
    public static LuaScript lease(String algorithmFile) {
        return new LuaScript("lease(" + algorithmFile + ")",
                read(CLOCK) + read("prelude.lua") + read(algorithmFile) + read("lease.lua"));
    }

    /**
     * A group script for these algorithm files (see {@code group.lua}): each file and {@code decide.lua}
     * become functions whose parameters shadow the globals they read ({@code KEYS}, {@code ARGV},
     * {@code cost}, {@code commit}), so the files run unchanged, once per request, on that request's keys.
     * The functions are numbered in the order given, from 1.
     */
    public static LuaScript group(List<String> algorithmFiles) {
        return new LuaScript("group(" + String.join(",", algorithmFiles) + ")", wrapped(algorithmFiles, "group.lua"));
    }

    /**
     * A batch script for these algorithm files (see {@code batch.lua}): the functions a {@link #group} script
     * has, around a tail that decides each request on its own, as its decision script would. With
     * {@code keepStates} (for batches where requests share a key) the states they read and write are kept between
     * requests and each key written once at the end ({@code batch-state.lua}); without, each request reads and
     * writes Redis itself ({@code batch-direct.lua}).
     */
    public static LuaScript batch(List<String> algorithmFiles, boolean keepStates) {
        return new LuaScript((keepStates ? "batch-keeping-states(" : "batch(") + String.join(",", algorithmFiles) + ")",
                wrapped(algorithmFiles, keepStates ? "batch-state.lua" : "batch-direct.lua", "batch.lua"));
    }

    private static String wrapped(List<String> algorithmFiles, String tail) {
        return wrapped(algorithmFiles, null, tail);
    }

    /** {@code state}: a file between the prelude and the algorithm functions, or null for none. */
    private static String wrapped(List<String> algorithmFiles, String state, String tail) {
        StringBuilder source = new StringBuilder(read(CLOCK)).append(read("prelude.lua"));
        if (state != null) {
            source.append(read(state));
        }
        StringJoiner numbered = new StringJoiner(", ", "local algorithms = {", "}\n");
        for (String file : algorithmFiles) {
            String function = file.replace(".lua", "").replace('-', '_');
            source.append("local function ").append(function).append("(KEYS, ARGV, cost)\n")
                    .append(read(file)).append("\nreturn check, commit\nend\n");
            numbered.add(function);
        }
        source.append("local function decide(check, commit, KEYS, cost)\n").append(read("decide.lua")).append("\nend\n")
                .append(numbered).append(read(tail));
        return source.toString();
    }

    /** A script that reads the time: {@code clock.lua}, then the file. */
    public static LuaScript clocked(String file) {
        return new LuaScript(file, read(CLOCK) + read(file));
    }

    /** A script that is one file. */
    public static LuaScript standalone(String file) {
        return new LuaScript(file, read(file));
    }

    public String name() {
        return name;
    }

    public String source() {
        return source;
    }

    public String sha1() {
        return sha1;
    }

    @Override
    public String toString() {
        return name + "@" + sha1.substring(0, 8);
    }

    private static String read(String file) {
        try (InputStream in = LuaScript.class.getClassLoader().getResourceAsStream(FOLDER + file)) {
            if (in == null) {
                throw new IllegalStateException("missing script resource " + FOLDER + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read script " + FOLDER + file, e);
        }
    }

    private static String sha1(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is required of every JVM", e);
        }
    }
}
