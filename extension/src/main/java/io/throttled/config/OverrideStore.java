package io.throttled.config;

import java.util.Map;
import java.util.function.Consumer;

/**
 * Where runtime overrides live so that every node sees them and they survive restarts, and how nodes tell
 * each other that something changed.
 */
public interface OverrideStore {

    /** The notice that overrides changed. */
    String OVERRIDES_CHANGED = "overrides";

    /** Every override, by config key {@code throttled.policy.<name>.<field>}. */
    Map<String, String> load();

    /** Replaces the overrides of one policy (an empty map drops them) and sends {@link #OVERRIDES_CHANGED}. */
    void replace(String policy, Map<PolicyField, String> fields);

    /** Sends a notice to every node, this one included. */
    void announce(String notice);

    /** Receives notices until closed; {@code onReconnect} runs whenever notices may have been missed. */
    AutoCloseable listen(Consumer<String> onNotice, Runnable onReconnect);

    /** The config keys of one policy's overrides. */
    static String key(String policy, PolicyField field) {
        return ConfigKeys.policy(policy, field);
    }
}
