package io.throttled.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.SocketTimeoutException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** A failed store call is named by its cause: a timeout anywhere in its chain, else the connection. */
class FallbackCauseTest {

    @Test
    void aTimeoutAnywhereInTheChainIsATimeout() {
        assertThat(FallbackCause.of(new IllegalStateException("wrapped", new SocketTimeoutException("Read timed out"))))
                .isEqualTo(FallbackCause.TIMEOUT);
        assertThat(FallbackCause.of(new RuntimeException(new TimeoutException()))).isEqualTo(FallbackCause.TIMEOUT);
        assertThat(FallbackCause.of(new RuntimeException("Could not get a resource from the pool",
                new java.util.NoSuchElementException("Timeout waiting for idle object")))).isEqualTo(FallbackCause.TIMEOUT);
    }

    @Test
    void aFailureWithoutAMessageIsAConnectionFailureNotAnotherException() {
        assertThat(FallbackCause.of(new RuntimeException((String) null))).isEqualTo(FallbackCause.CONNECTION);
        assertThat(FallbackCause.of(new IllegalStateException(new RuntimeException((String) null))))
                .isEqualTo(FallbackCause.CONNECTION);
    }

    @Test
    void anythingElseIsTheConnection() {
        assertThat(FallbackCause.of(new RuntimeException("Connection refused"))).isEqualTo(FallbackCause.CONNECTION);
        assertThat(FallbackCause.of(new IllegalStateException("ERR unknown command"))).isEqualTo(FallbackCause.CONNECTION);
    }

    @Test
    void labelsAreTheNamesInMetrics() {
        assertThat(FallbackCause.BREAKER_OPEN.label()).isEqualTo("breaker_open");
        assertThat(FallbackCause.TIMEOUT.label()).isEqualTo("timeout");
    }
}
