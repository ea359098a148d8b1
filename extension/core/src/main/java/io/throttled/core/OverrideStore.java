package io.throttled.core;

import java.util.Collection;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Where runtime overrides live so that every node sees them and they survive restarts, and how nodes tell
 * each other that something changed. Keys and values are plain text here: what they mean (the config keys
 * {@code throttled.policy.<name>.<field>}) is the configuration layer's business, which validates every value
 * it reads back as data.
 */
public interface OverrideStore {

    /** The notice that overrides changed. */
    String OVERRIDES_CHANGED = "overrides";

    /** {@return every override, by config key, such as {@code throttled.policy.<name>.<field>}} */
    Map<String, String> load();

    /**
     * Removes these config keys, then sets these, in one atomic step, and sends {@link #OVERRIDES_CHANGED}:
     * one policy's, tier's or route's settings change together or not at all.
     *
     * @param remove the config keys to remove
     * @param set    the config keys to set, with their values
     */
    void replaceKeys(Collection<String> remove, Map<String, String> set);

    /**
     * Sends a notice to every node, this one included.
     *
     * @param notice the notice, such as {@link #OVERRIDES_CHANGED}
     */
    void announce(String notice);

    /**
     * Receives notices until closed.
     *
     * @param onNotice    called with each notice
     * @param onReconnect called whenever notices may have been missed (the feed was away)
     * @return what stops listening when closed
     */
    AutoCloseable listen(Consumer<String> onNotice, Runnable onReconnect);
}
