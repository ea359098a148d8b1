package io.throttled.lease;

import io.throttled.core.Limit;

/**
 * What the store answered to a lease request.
 *
 * @param tokens           the tokens leased, 0 when denied (fewer than the least were free)
 * @param remaining        what the shared bucket held under the deciding limit after the lease was taken (when
 *                         denied: what it held)
 * @param retryAfterMillis when denied, how long until the least would be free; 0 when granted
 * @param resetAfterMillis how long until the deciding limit is full again
 * @param limit            the deciding limit: when granted the one with the least left
 * @param givenBack        tokens of the returned lease that went back to the bucket
 */
public record LeaseGrant(long tokens, long remaining, long retryAfterMillis, long resetAfterMillis, Limit limit,
                         long givenBack) {
}
