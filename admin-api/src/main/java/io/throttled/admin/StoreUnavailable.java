package io.throttled.admin;

/** The shared store did not answer what an admin call needs from it; answered 503. */
final class StoreUnavailable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    StoreUnavailable(String message) {
        super(message);
    }
}
