package io.throttled.core;

/**
 * Whether a policy's hot keys take leases of tokens (see {@code io.throttled.lease}): a node that sees a key hot
 * takes several tokens from the shared bucket in one store call and admits from them locally for at most
 * {@code lifetimeMillis}, then gives back what it did not use.
 *
 * @param auto           true for {@code lease=auto}: hot keys lease; false ({@code lease=off}, the default): never
 * @param lifetimeMillis how long a lease lives on the store, {@value #MIN_LIFETIME_MILLIS} ms up to
 *                       {@value #MAX_LIFETIME_MILLIS} ms; it bounds how far a node's admissions may run ahead of
 *                       the shared bucket
 * @serial exclude
 */
// @serial exclude: as for Decision, javadoc 17 wants a comment on each component of a serializable record
public record Leasing(boolean auto, long lifetimeMillis) implements java.io.Serializable {
    /** The default lifetime of a lease: 100 ms. */
    public static final long DEFAULT_LIFETIME_MILLIS = 100;
    /** The shortest lease lifetime: below it a lease barely outlives the round trip that took it. */
    public static final long MIN_LIFETIME_MILLIS = 10;
    /** The longest lease lifetime: beyond it tokens could sit unused on one node for too long. */
    public static final long MAX_LIFETIME_MILLIS = 10_000;
    /** No leases: today's behaviour. */
    public static final Leasing OFF = new Leasing(false, DEFAULT_LIFETIME_MILLIS);
    /** Leases for hot keys, with the default lifetime. */
    public static final Leasing AUTO = new Leasing(true, DEFAULT_LIFETIME_MILLIS);

    /** {@return the config form of {@link #auto()}: {@code auto} or {@code off}} */
    public String mode() {
        return auto ? "auto" : "off";
    }
}
