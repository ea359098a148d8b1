package io.throttled.redis;

import io.throttled.core.Limit;
import java.util.List;

/** The Lua script of one algorithm and how a limit becomes its per-limit ARGV values. */
abstract class AlgorithmScript {
    private final String file;
    private final LuaScript lua;

    AlgorithmScript(String file) {
        this.file = file;
        this.lua = LuaScript.decision(file);
    }

    /** The algorithm's Lua file, for group scripts. */
    final String file() {
        return file;
    }

    final LuaScript lua() {
        return lua;
    }

    /** Appends this limit's ARGV values, in the order the script's header names them. */
    abstract void addArguments(Limit limit, List<String> args);

    /** The window in µs when the script keeps one key per window (the reset script needs it), else 0. */
    long windowedKeyMicros(Limit limit) {
        return 0;
    }
}
