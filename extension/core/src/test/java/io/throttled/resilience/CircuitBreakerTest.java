package io.throttled.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.resilience.CircuitBreaker.State;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CircuitBreakerTest {
    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final CircuitBreaker breaker = new CircuitBreaker(3, 1000, now::get);
    private final List<State> transitions = new ArrayList<>();

    CircuitBreakerTest() {
        breaker.onTransition(transitions::add);
    }

    private void fail(int times) {
        for (int i = 0; i < times; i++) {
            assertThat(breaker.allowsCall()).isTrue();
            breaker.failed(new RuntimeException("down"));
        }
    }

    @Test
    void opensAfterTheGivenFailuresInARow() {
        fail(2);
        breaker.succeeded();   // a success in between starts the count again
        fail(2);
        assertThat(breaker.state()).isEqualTo(State.CLOSED);

        fail(1);

        assertThat(breaker.state()).isEqualTo(State.OPEN);
        assertThat(breaker.allowsCall()).isFalse();
        assertThat(breaker.millisUntilTrial()).isEqualTo(1000);
        assertThat(transitions).containsExactly(State.OPEN);
    }

    @Test
    void afterTheOpenTimeOneTrialCallGoesAndItsSuccessCloses() {
        fail(3);
        now.addAndGet(999_000_000L);
        assertThat(breaker.allowsCall()).isFalse();
        now.addAndGet(1_000_000L);

        assertThat(breaker.allowsCall()).as("the trial").isTrue();
        assertThat(breaker.allowsCall()).as("only one trial at a time").isFalse();
        breaker.succeeded();

        assertThat(breaker.state()).isEqualTo(State.CLOSED);
        assertThat(breaker.allowsCall()).isTrue();
        assertThat(transitions).containsExactly(State.OPEN, State.HALF_OPEN, State.CLOSED);
    }

    @Test
    void aFailedTrialOpensAgainForAnotherFullPeriod() {
        fail(3);
        now.addAndGet(1_000_000_000L);
        assertThat(breaker.allowsCall()).isTrue();

        breaker.failed(new RuntimeException("still down"));

        assertThat(breaker.state()).isEqualTo(State.OPEN);
        assertThat(breaker.millisUntilTrial()).isEqualTo(1000);
        assertThat(breaker.allowsCall()).isFalse();
        assertThat(transitions).containsExactly(State.OPEN, State.HALF_OPEN, State.OPEN);
    }
}
