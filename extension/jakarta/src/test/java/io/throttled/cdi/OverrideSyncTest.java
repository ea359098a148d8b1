package io.throttled.cdi;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.core.OverrideStore;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The glue between the shared store's feed and this node: a reconnect counts as every notice lost. */
class OverrideSyncTest {

    /** A store whose feed the test drives by hand. */
    private static final class HandFedStore implements OverrideStore {
        Runnable reconnect;
        boolean closed;

        @Override
        public Map<String, String> load() {
            return Map.of();
        }

        @Override
        public void replaceKeys(java.util.Collection<String> remove, Map<String, String> set) {
        }

        @Override
        public void announce(String notice) {
        }

        @Override
        public AutoCloseable listen(Consumer<String> onNotice, Runnable onReconnect) {
            this.reconnect = onReconnect;
            return () -> closed = true;
        }
    }

    @Test
    void aReconnectTellsListenersToForgetWhatNoticesMayHaveChanged() {
        HandFedStore store = new HandFedStore();
        List<String> heard = new CopyOnWriteArrayList<>();
        try (OverrideSync sync = new OverrideSync(store, Duration.ofHours(1), (stored, current) -> stored)) {
            sync.onNotice(heard::add);
            store.reconnect.run();
            assertThat(heard).containsExactly(OverrideStore.OVERRIDES_CHANGED);
        }
        assertThat(store.closed).isTrue();
    }
}
