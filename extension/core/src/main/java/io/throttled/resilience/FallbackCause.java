package io.throttled.resilience;

import java.util.Locale;

/** Why a decision was made without Redis: what metrics, logs and the admin API count fallbacks by. */
public enum FallbackCause {
    /** Redis did not answer within the timeout: the call may still have run there. */
    TIMEOUT,
    /** The call could not be made or was cut: no connection, a refused or reset one, an error reply. */
    CONNECTION,
    /** The circuit breaker was open, so Redis was not asked. */
    BREAKER_OPEN;

    /** {@return the name in metrics, JSON and logs: {@code timeout}, {@code connection}, {@code breaker_open}} */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The cause of a failed store call: a timeout anywhere in its chain (a socket read, a future's wait, a pool
     * that had no connection in time) is {@link #TIMEOUT}; anything else is {@link #CONNECTION}.
     *
     * @param failure what the store threw
     * @return the cause
     */
    public static FallbackCause of(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof java.net.SocketTimeoutException || t instanceof java.util.concurrent.TimeoutException
                    || t instanceof java.io.InterruptedIOException
                    || t.getClass().getSimpleName().contains("Timeout")) {
                return TIMEOUT;
            }
            String message = t.getMessage();
            String lower = message == null ? "" : message.toLowerCase(Locale.ROOT);
            if (lower.contains("timed out") || lower.contains("timeout")) {
                return TIMEOUT;
            }
        }
        return CONNECTION;
    }
}
