package io.throttled.operator;

/**
 * The shared store (Redis) did not answer what an operation needs of it, so the operation read or changed nothing.
 * It says when to try again.
 */
public final class StoreUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** How long to wait before trying again, in seconds. */
    private final long retryAfterSeconds;

    /**
     * An exception that says what did not answer and when to try again.
     *
     * @param message           what did not answer
     * @param retryAfterSeconds how long to wait before trying again, in seconds
     * @param cause             the store's failure; null when the store answered from its failure mode instead
     */
    public StoreUnavailableException(String message, long retryAfterSeconds, Throwable cause) {
        super(message, cause);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** {@return how long to wait before trying again, in seconds: the circuit breaker's trial interval, at least 1} */
    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
