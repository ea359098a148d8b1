package io.throttled.core;

import java.util.ArrayList;
import java.util.List;

/**
 * Decides whether a call may proceed. Implementations: the in-JVM store ({@code io.throttled.memory}) and
 * the Redis store ({@code io.throttled.redis}); both give the same decisions for the same timeline.
 */
public interface RateLimiter {

    /**
     * Takes {@code cost} tokens from every limit of the policy for this key, from all of them or from none.
     *
     * @param policy the policy
     * @param key  the client's key (user, IP, ...); long or unusual keys are hashed, see {@link BucketKeys}
     * @param cost tokens to take; 0 peeks: reports the state and takes nothing
     * @return the decision
     * @throws IllegalArgumentException when cost is negative or the key is null
     */
    Decision acquire(Policy policy, String key, long cost);

    /**
     * Takes the policy's own cost per call.
     *
     * @param policy the policy
     * @param key    the client's key
     * @return the decision
     */
    default Decision acquire(Policy policy, String key) {
        return acquire(policy, key, policy.cost());
    }

    /**
     * Like {@link #acquire}, but a call that would be denied now while its slot comes within the policy's
     * {@code max-wait} reserves that slot in the same atomic step, on the store's clock, and is allowed after
     * waiting: {@link Decision#waitMillis()} says how long, {@link Decision#reservation()} what to hand to
     * {@link #release} (with the same policy) should the caller not wait after all. Waiters get distinct slots in the order the store
     * saw them. A slot beyond max-wait, a policy with {@code max-waiters} calls already waiting for this key, a
     * peek (cost 0) or a policy that does not wait: decided as {@link #acquire} decides, nothing reserved.
     *
     * <p>A caller of this method must wait before proceeding, or give the slot back. This default never
     * reserves.
     *
     * @param policy the policy, with its waiting settings
     * @param key    the client's key
     * @param cost   tokens to take; 0 peeks
     * @return the decision, a reservation when {@link Decision#reserved()}
     */
    default Decision reserve(Policy policy, String key, long cost) {
        return acquire(policy, key, cost);
    }

    /**
     * Gives back a reservation's slot, once, in one atomic step. The slot returns to the bucket when it is the
     * last one: every limit still holds exactly the state the reservation wrote (nothing taken since, or all
     * taken since already given back); then every limit is put back as it was before the reservation, as if it
     * had never been made, and the next caller may have the slot at once. Otherwise nothing returns (the gap
     * stays until its slot passes: giving back a slot that later reservations were scheduled after would let the
     * limit be exceeded). Either way the waiter no longer counts toward {@code max-waiters}.
     *
     * @param policy      the policy the reservation was made under (the same instance: its keys are the ones written)
     * @param reservation the reservation a decision carried
     * @return true when the slot went back to the bucket
     */
    default boolean release(Policy policy, Reservation reservation) {
        return false;
    }

    /**
     * Pushes a bucket on, in one atomic step on the store's clock: nothing passes before {@code waitMillis} from
     * now, one token does then, and the policy's rate resumes from there (its {@code penalty}: a partner answered
     * 429 with Retry-After, so every node backs off together). Limits already further on stay as they are, and
     * reservations made before keep their slots. This default does nothing.
     *
     * @param policy     a policy whose algorithm can be pushed on ({@link Policy#whyNoPenalty})
     * @param key        the client's key
     * @param waitMillis how long nothing may pass: 1 ms up to an hour, within the policy's exact range
     * @return whether any limit moved (false when the bucket was that far on already)
     */
    default boolean penalize(Policy policy, String key, long waitMillis) {
        return false;
    }

    /**
     * Checks {@link #penalize}'s arguments, naming what is wrong.
     *
     * @param policy     the policy
     * @param key        the client's key
     * @param waitMillis the push in ms
     * @throws IllegalArgumentException naming the policy, the wait and why it cannot be pushed on
     */
    static void checkPenalty(Policy policy, String key, long waitMillis) {
        checkArguments(policy, key, 1);
        policy.whyNoPenalty(waitMillis).ifPresent(refused -> {
            throw new IllegalArgumentException("cannot push policy '" + policy.name() + "' on by " + waitMillis
                    + " ms: " + refused);
        });
    }

    /**
     * Decides several requests as one: when a call meets several policies (a route's and the method's), a
     * denial by one must not spend the tokens of another. Either every request takes its cost, or none takes
     * anything. Only enforced policies can refuse the group: a shadow policy ({@code enforce=false}) that
     * denies takes nothing itself but does not stop the others, since the call goes ahead anyway.
     *
     * <p>Returns one decision per request, in order. The call may proceed when every enforced one is allowed.
     * When the group is refused, a denied request reports its denial as {@link #acquire} would, and a request
     * that would have passed reports its state as a peek does: allowed, with what is left now, since nothing
     * was taken from it.
     *
     * <p>The in-JVM store and the Redis store decide a group atomically (on Redis Cluster: per hash slot, see
     * {@code RedisRateLimiter}). A group never reserves: a call that meets several policies is decided at once,
     * {@code max-wait} aside (a wait would have to hold for every policy, across Cluster slots too). This
     * default is not all or none: it decides one request after the other, and after the first enforced denial
     * only peeks at the rest, so the requests before the denial have taken their tokens.
     *
     * @param requests the requests, each a policy, a key and a cost
     * @return one decision per request, in order
     * @throws IllegalArgumentException when a request is invalid, or two requests name the same policy and key
     */
    default List<Decision> acquireTogether(List<Acquisition> requests) {
        checkArguments(requests);
        List<Decision> decisions = new ArrayList<>(requests.size());
        boolean refused = false;
        for (Acquisition r : requests) {
            Decision d = acquire(r.policy(), r.key(), refused ? 0 : r.cost());
            refused |= !d.allowed() && r.policy().enforce();
            decisions.add(d);
        }
        return decisions;
    }

    /**
     * Forgets this key's state under the policy: its next call sees a full bucket.
     *
     * @param policy the policy
     * @param key    the client's key
     */
    void reset(Policy policy, String key);

    /**
     * Checks one request's arguments, as every implementation of {@link #acquire(Policy, String, long)} must.
     *
     * @param policy the policy, required
     * @param key    the key, required ({@code ""} for one bucket shared by all)
     * @param cost   0 or more
     * @throws IllegalArgumentException naming the bad argument
     */
    static void checkArguments(Policy policy, String key, long cost) {
        if (policy == null) {
            throw new IllegalArgumentException("policy is required");
        }
        if (key == null) {
            throw new IllegalArgumentException("key is required (use \"\" for one bucket shared by all)");
        }
        if (cost < 0) {
            throw new IllegalArgumentException("cost " + cost + " must be 0 (peek) or more");
        }
    }

    /**
     * Checks every request of a group, and that no two share a bucket: both would be judged against the same
     * state and only one of them taken.
     *
     * @param requests the group
     * @throws IllegalArgumentException naming the bad request, or the policy and key that appear twice
     */
    static void checkArguments(List<Acquisition> requests) {
        if (requests == null) {
            throw new IllegalArgumentException("requests are required (an empty list decides nothing)");
        }
        for (int i = 0; i < requests.size(); i++) {
            Acquisition r = requests.get(i);
            if (r == null) {
                throw new IllegalArgumentException("request " + i + " of the group is null");
            }
            checkArguments(r.policy(), r.key(), r.cost());
            // groups are a handful of requests: pairwise beats allocating a set on every call
            for (int j = 0; j < i; j++) {
                Acquisition earlier = requests.get(j);
                if (earlier.policy().name().equals(r.policy().name()) && earlier.key().equals(r.key())) {
                    throw new IllegalArgumentException("policy '" + r.policy().name() + "' and key '" + r.key()
                            + "' appear twice in one group; ask once with the summed cost");
                }
            }
        }
    }
}
