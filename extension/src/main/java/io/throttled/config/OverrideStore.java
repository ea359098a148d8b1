package io.throttled.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
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

    /**
     * Removes these config keys, then sets these, in one atomic step, and sends {@link #OVERRIDES_CHANGED}:
     * one policy's, tier's or route's settings change together or not at all.
     */
    void replaceKeys(Collection<String> remove, Map<String, String> set);

    /** Replaces the overrides of one policy (an empty map drops them) and sends {@link #OVERRIDES_CHANGED}. */
    default void replace(String policy, Map<PolicyField, String> fields) {
        List<String> remove = new ArrayList<>();
        for (PolicyField field : PolicyField.values()) {
            remove.add(key(policy, field));
        }
        Map<String, String> set = new LinkedHashMap<>();
        fields.forEach((field, value) -> set.put(key(policy, field), value));
        replaceKeys(remove, set);
    }

    /** Sends a notice to every node, this one included. */
    void announce(String notice);

    /** Receives notices until closed; {@code onReconnect} runs whenever notices may have been missed. */
    AutoCloseable listen(Consumer<String> onNotice, Runnable onReconnect);

    /** The config keys of one policy's overrides. */
    static String key(String policy, PolicyField field) {
        return ConfigKeys.policy(policy, field);
    }
}
