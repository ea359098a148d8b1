package io.throttled.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.SocketTimeoutException;
import org.junit.jupiter.api.Test;

/** What a store's failure counts as: a timeout anywhere in its chain, else a connection failure. */
class FallbackCauseTest {

    @Test
    void aFailureWithoutAMessageIsAConnectionFailureNotAnotherException() {
        assertThat(FallbackCause.of(new IllegalStateException())).isEqualTo(FallbackCause.CONNECTION);
        assertThat(FallbackCause.of(new RuntimeException("refused", new IllegalStateException())))
                .isEqualTo(FallbackCause.CONNECTION);
    }

    @Test
    void aTimeoutAnywhereInTheChainIsATimeout() {
        assertThat(FallbackCause.of(new RuntimeException(new SocketTimeoutException()))).isEqualTo(FallbackCause.TIMEOUT);
        assertThat(FallbackCause.of(new RuntimeException(new IllegalStateException("Read timed out"))))
                .isEqualTo(FallbackCause.TIMEOUT);
    }

    @Test
    void labelsAreTheNamesOfMetricsAndJson() {
        assertThat(FallbackCause.BREAKER_OPEN.label()).isEqualTo("breaker_open");
    }
}
