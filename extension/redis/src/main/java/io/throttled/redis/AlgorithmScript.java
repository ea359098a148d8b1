package io.throttled.redis;

import io.throttled.core.Limit;
import java.util.List;

/** The Lua script of one algorithm and how a limit becomes its per-limit ARGV values. */
abstract class AlgorithmScript {
    private final String file;
    private final LuaScript lua;
    private final LuaScript reservation;
    private final LuaScript penalty;
    private final LuaScript lease;

    /** @param reserves whether the file defines {@code reserve(i, slot)} and {@code penalize(i, at)} (see reserve.lua, penalty.lua) */
    AlgorithmScript(String file, boolean reserves) {
        this(file, reserves, false);
    }

    /** @param leases whether the file also defines {@code refund(i, r, out)} (see lease.lua) */
    AlgorithmScript(String file, boolean reserves, boolean leases) {
        this.file = file;
        this.lua = LuaScript.decision(file);
        this.reservation = reserves ? LuaScript.reservation(file) : null;
        this.penalty = reserves ? LuaScript.penalty(file) : null;
        this.lease = leases ? LuaScript.lease(file) : null;
    }

    AlgorithmScript(String file) {
        this(file, false);
    }

    /** The script that gives back and takes leases, or null when this algorithm cannot lease (the policy rules refuse it). */
    final LuaScript lease() {
        return lease;
    }

    /** The script that may reserve a slot, or null when this algorithm cannot wait (the policy rules refuse it). */
    final LuaScript reservation() {
        return reservation;
    }

    /** The script that pushes a bucket on, or null when this algorithm cannot be pushed on. */
    final LuaScript penalty() {
        return penalty;
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
