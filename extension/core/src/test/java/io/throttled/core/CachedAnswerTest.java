package io.throttled.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CachedAnswerTest {

    @Test
    void asksAtMostOncePerIntervalWhateverTheRateOfCallers() {
        AtomicLong now = new AtomicLong(5_000_000_000L);
        AtomicInteger asked = new AtomicInteger();
        CachedAnswer ready = new CachedAnswer(() -> asked.incrementAndGet() % 2 == 1, Duration.ofSeconds(1), now::get);

        for (int i = 0; i < 10_000; i++) {
            assertThat(ready.get()).isTrue();
            now.addAndGet(50_000);   // 10,000 calls over 0.5 s
        }
        assertThat(asked).hasValue(1);
        now.addAndGet(500_000_000L);
        assertThat(ready.get()).isFalse();   // a second has passed: asked again, and the new answer holds
        assertThat(ready.get()).isFalse();
        assertThat(asked).hasValue(2);
    }
}
