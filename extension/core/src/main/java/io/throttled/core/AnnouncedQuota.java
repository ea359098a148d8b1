package io.throttled.core;

import static io.throttled.core.ExactArithmetic.ceilDiv;
import static io.throttled.core.ExactArithmetic.reducedQuantity;
import static io.throttled.core.ExactArithmetic.reducedWindow;


/**
 * How one limit of a policy is announced to clients (the {@code q} and {@code w} of the IETF
 * {@code RateLimit-Policy} field): the most its algorithm can ever report as remaining, and the whole
 * seconds in which that much is given back, so {@code quota / windowSeconds} is the sustained rate.
 *
 * <ul>
 * <li>Buckets ({@code token-bucket}, {@code gcra}, {@code leaky-bucket}): what a full bucket holds, the
 * burst, over the time it takes to refill from empty ({@code 1/1s;burst=10}: 10 per 10 s). Announcing the
 * quantity instead would tell a client less than the remaining count a full bucket reports.
 * <li>Interval refill: the burst over the whole windows the refill steps need to fill it from empty.
 * <li>Windows ({@code fixed-window}, {@code sliding-window-log}, {@code sliding-window-counter}): the
 * quantity over the window; they have no burst.
 * </ul>
 *
 * <p>Windows are whole seconds, rounded up and never 0, as the draft counts them. Every remaining count a
 * decision under the same limit reports is at most {@link #quota()}.
 *
 * @param quota         the most the limit ever reports remaining
 * @param windowSeconds seconds in which an exhausted limit gets all of its quota back (at least 1)
 */
public record AnnouncedQuota(long quota, long windowSeconds) {

    /**
     * The announcement for one of the policy's limits. The policy's own checks keep every product here in
     * the exact range ({@link ExactArithmetic}), so nothing overflows.
     *
     * @param policy the policy, for its algorithm and refill
     * @param limit  one of its limits
     * @return what to announce for that limit
     */
    public static AnnouncedQuota of(Policy policy, Limit limit) {
        switch (policy.algorithm()) {
            case TOKEN_BUCKET:
                if (policy.refill() == Refill.INTERVAL) {
                    long steps = ceilDiv(limit.burst(), limit.quantity());
                    return new AnnouncedQuota(limit.burst(), seconds(Math.multiplyExact(steps, limit.windowMicros())));
                }
                return refilledFromEmpty(limit);
            case GCRA:
            case LEAKY_BUCKET:
                return refilledFromEmpty(limit);
            case FIXED_WINDOW:
            case SLIDING_WINDOW_LOG:
            case SLIDING_WINDOW_COUNTER:
                return new AnnouncedQuota(limit.quantity(), seconds(limit.windowMicros()));
            default:
                throw new IllegalStateException("no announcement for " + policy.algorithm());
        }
    }

    /** The burst, and the time its tokens take to arrive one by one: burst × W' / Q' µs, exactly. */
    private static AnnouncedQuota refilledFromEmpty(Limit limit) {
        long micros = ceilDiv(Math.multiplyExact(limit.burst(), reducedWindow(limit)), reducedQuantity(limit));
        return new AnnouncedQuota(limit.burst(), seconds(micros));
    }

    private static long seconds(long micros) {
        return Math.max(1, ceilDiv(micros, 1_000_000));
    }
}
