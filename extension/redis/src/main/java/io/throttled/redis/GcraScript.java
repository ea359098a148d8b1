package io.throttled.redis;

/** {@code gcra.lua}: one string per limit. */
final class GcraScript extends ContinuousScript {
    GcraScript() {
        super("gcra.lua");
    }
}
