package io.throttled.config;

import io.throttled.core.OverrideStore;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/** Overrides for a single JVM (no Redis configured): kept in memory, lost at restart. */
public final class LocalOverrideStore implements OverrideStore {
    private final Map<String, String> values = new ConcurrentHashMap<>();
    private final CopyOnWriteArrayList<Consumer<String>> listeners = new CopyOnWriteArrayList<>();

    @Override
    public Map<String, String> load() {
        return Map.copyOf(values);
    }

    @Override
    public synchronized void replaceKeys(Collection<String> remove, Map<String, String> set) {
        remove.forEach(values::remove);
        values.putAll(set);
        announce(OVERRIDES_CHANGED);
    }

    @Override
    public void announce(String notice) {
        listeners.forEach(listener -> listener.accept(notice));
    }

    @Override
    public AutoCloseable listen(Consumer<String> onNotice, Runnable onReconnect) {
        listeners.add(onNotice);
        return () -> listeners.remove(onNotice);
    }
}
