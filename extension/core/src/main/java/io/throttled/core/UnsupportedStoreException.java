package io.throttled.core;

/**
 * The store cannot do what was asked of it at all (a server too old for a feature): a setup error, not an outage,
 * so no failure mode hides it; the caller gets it as it is.
 */
public class UnsupportedStoreException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /**
     * An error with this message.
     *
     * @param message what needs what, and what was found
     */
    public UnsupportedStoreException(String message) {
        super(message);
    }
}
