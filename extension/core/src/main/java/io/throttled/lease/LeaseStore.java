package io.throttled.lease;

import io.throttled.core.Policy;

/** Where leases come from: one atomic step that gives back a lease's unused tokens and takes a new lease. */
public interface LeaseStore {

    /**
     * Gives back what the lease {@code returnedId} left unused (when the store still counts it as out) and takes
     * a new lease of up to {@code want} tokens, at least {@code least}, from every limit of the policy, in one
     * atomic step on the store's clock.
     *
     * @param policy     a policy that can lease
     * @param key        the client's key
     * @param want       the tokens wanted; 0 gives back only
     * @param least      the fewest tokens worth a lease; fewer available denies (at least one call's cost)
     * @param returnedId the lease given back, or {@code ""} for none
     * @param unused     its tokens left unused
     * @param newId      the id of the new lease, unique among this key's leases
     * @return the new lease (0 tokens when denied) and what came back
     */
    LeaseGrant exchange(Policy policy, String key, long want, long least, String returnedId, long unused, String newId);
}
