package io.throttled.core;


/**
 * The integer arithmetic shared by the Lua scripts and the in-JVM twin, and the range in which it is exact.
 *
 * <p>Lua numbers are doubles. Every value a script computes stays below {@link #MAX_SPAN} (spans) or
 * 2^52 (absolute microsecond timestamps, until the year 2112), where integer floor division of doubles is
 * exact. A rate such as 3/1s is not a whole number of microseconds per token, so the continuous algorithms
 * count time in units of 1/Q' µs, where {@code W' = window µs / g}, {@code Q' = quantity / g} and
 * {@code g = gcd(window µs, quantity)}: one token is exactly W' units.
 */
public final class ExactArithmetic {

    /** Largest span (in the units above) any script computes; twice this still divides exactly. */
    public static final long MAX_SPAN = 1L << 51;
    /** The sliding-window log keeps one entry per admitted unit; beyond this, use the sliding-window counter. */
    public static final long MAX_LOG_QUANTITY = 10_000;

    private ExactArithmetic() {
    }

    /**
     * The greatest common divisor.
     *
     * @param a a positive number
     * @param b a positive number, or 0
     * @return gcd(a, b)
     */
    public static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /**
     * W': the window in units of 1/Q' µs per token, i.e. the length of one token in those units.
     *
     * @param limit the limit
     * @return {@code window µs / gcd(window µs, quantity)}
     */
    public static long reducedWindow(Limit limit) {
        return limit.windowMicros() / gcd(limit.windowMicros(), limit.quantity());
    }

    /**
     * Q': the number of units per microsecond.
     *
     * @param limit the limit
     * @return {@code quantity / gcd(window µs, quantity)}
     */
    public static long reducedQuantity(Limit limit) {
        return limit.quantity() / gcd(limit.windowMicros(), limit.quantity());
    }

    /**
     * Integer division rounded up, as the scripts compute it.
     *
     * @param a the dividend
     * @param b the divisor, positive
     * @return the smallest integer at least {@code a / b}
     */
    public static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    /**
     * Why this limit cannot be decided exactly by this algorithm.
     *
     * @param algorithm the policy's algorithm
     * @param refill    the policy's refill (token bucket only)
     * @param limit     one of the policy's limits
     * @return the reason and what to change, or {@code null} when the limit is exact
     */
    public static String problem(Algorithm algorithm, Refill refill, Limit limit) {
        switch (algorithm) {
            case TOKEN_BUCKET:
                if (refill == Refill.INTERVAL) {
                    return intervalProblem(limit);
                }
                return continuousProblem(algorithm, limit);
            case GCRA:
            case LEAKY_BUCKET:
                return continuousProblem(algorithm, limit);
            case SLIDING_WINDOW_LOG:
                return limit.quantity() > MAX_LOG_QUANTITY
                        ? "sliding-window-log keeps one entry per request: quantity " + limit.quantity()
                          + " is above " + MAX_LOG_QUANTITY + "; use sliding-window-counter for large limits"
                        : null;
            case SLIDING_WINDOW_COUNTER:
                return tooLarge((double) limit.quantity() * limit.windowMillis())
                        ? "sliding-window-counter needs quantity × window in ms below 2^51 (here "
                          + sci((double) limit.quantity() * limit.windowMillis()) + "); use a shorter window"
                        : null;
            case FIXED_WINDOW:
                return limit.quantity() > MAX_SPAN ? "quantity must be below 2^51" : null;
            default:
                throw new IllegalStateException("unhandled algorithm " + algorithm);
        }
    }

    private static String continuousProblem(Algorithm algorithm, Limit limit) {
        double tau = (double) limit.burst() * reducedWindow(limit);
        if (tooLarge(tau) || tooLarge(reducedQuantity(limit) * 1000.0)) {
            return algorithm.configName() + " needs burst × window µs ÷ gcd(window µs, quantity) below 2^51 (here "
                    + sci(tau) + "); lower the burst or use a quantity that divides the window";
        }
        return null;
    }

    private static String intervalProblem(Limit limit) {
        double span = Math.ceil((double) limit.burst() / limit.quantity()) * limit.windowMicros();
        if (tooLarge(span) || tooLarge((double) limit.burst() + limit.quantity())) {
            return "token-bucket with interval refill needs ceil(burst ÷ quantity) × window µs below 2^51 (here "
                    + sci(span) + "); lower the burst or the window";
        }
        return null;
    }

    private static boolean tooLarge(double value) {
        return value > MAX_SPAN;
    }

    private static String sci(double value) {
        return String.format(java.util.Locale.ROOT, "%.2g", value);
    }
}
