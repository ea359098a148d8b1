package io.throttled.redis;

import java.util.List;

/**
 * One script invocation: which script, its KEYS and its ARGV.
 *
 * @param script the script
 * @param keys   its KEYS
 * @param args   its ARGV
 */
public record ScriptCall(LuaScript script, List<String> keys, List<String> args) {
}
