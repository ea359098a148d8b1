package io.throttled.cdi;

import io.throttled.core.OverrideStore;
import io.throttled.config.ConfigKeys;
import io.throttled.config.PolicyField;
import io.throttled.config.RuntimeOverrides;
import io.throttled.core.ExtensionThreads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;

/**
 * Keeps this node's {@link RuntimeOverrides} equal to the shared store: loads them at start (a node that
 * starts later picks up earlier changes), re-reads on every change notice (within milliseconds on every
 * node), and re-reads every few seconds in case a notice was missed. Other notices (bucket resets) go to
 * whoever listens for them.
 */
public final class OverrideSync implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(OverrideSync.class.getName());

    private final OverrideStore store;
    private final BinaryOperator<Map<String, String>> admit;
    private final List<Consumer<String>> listeners = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService timer;
    private final AutoCloseable feed;
    private volatile boolean closed;

    /**
     * @param admit given what the store holds and what is in force, what to put in force ({@link io.throttled.config.StoredOverrides})
     */
    public OverrideSync(OverrideStore store, Duration rereadEvery, BinaryOperator<Map<String, String>> admit) {
        this.store = store;
        this.admit = admit;
        reload();
        this.feed = store.listen(this::onNotice, this::reconnected);
        this.timer = Executors.newSingleThreadScheduledExecutor(ExtensionThreads.factory("throttled-override-reread"));
        timer.scheduleWithFixedDelay(this::reload, rereadEvery.toMillis(), rereadEvery.toMillis(), TimeUnit.MILLISECONDS);
    }

    public OverrideStore store() {
        return store;
    }

    /** Replaces the overrides of one policy in the shared store (an empty map drops them), and every node hears it. */
    public void replace(String policy, Map<PolicyField, String> fields) {
        List<String> remove = new ArrayList<>();
        for (PolicyField field : PolicyField.values()) {
            remove.add(ConfigKeys.policy(policy, field));
        }
        Map<String, String> set = new LinkedHashMap<>();
        fields.forEach((field, value) -> set.put(ConfigKeys.policy(policy, field), value));
        store.replaceKeys(remove, set);
    }

    /** Also receive every notice (after overrides are re-read for an overrides notice). */
    public void onNotice(Consumer<String> listener) {
        listeners.add(listener);
    }

    private void onNotice(String notice) {
        if (OverrideStore.OVERRIDES_CHANGED.equals(notice)) {
            reload();
        }
        listeners.forEach(l -> l.accept(notice));
    }

    /**
     * The feed was (re)connected: notices sent while it was away are lost, so act as if every kind had
     * arrived: re-read the overrides, and tell listeners to drop what they remember (the over-limit cache).
     */
    private void reconnected() {
        onNotice(OverrideStore.OVERRIDES_CHANGED);
    }

    /**
     * Copies what the store holds, as far as it is valid, into the config source; a store that cannot be read leaves
     * the last copy in force.
     */
    public void reload() {
        try {
            RuntimeOverrides.replaceAll(admit.apply(store.load(), RuntimeOverrides.snapshot()));
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "throttled: could not read runtime overrides now: {0}", e.toString());
        }
    }

    /** Stops listening and re-reading, and waits for both threads; the Redis client may be closed after. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            feed.close();
        } catch (Exception e) {
            LOG.log(System.Logger.Level.DEBUG, "throttled: closing the change feed: {0}", e.toString());
        }
        ExtensionThreads.stop(timer, "the override re-read", Duration.ofSeconds(5));
    }
}
