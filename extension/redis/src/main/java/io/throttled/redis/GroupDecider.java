package io.throttled.redis;

import io.throttled.core.Acquisition;
import io.throttled.core.BucketKeys;
import io.throttled.core.Decision;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decides a group of requests all or none on Redis. Keys that share a hash slot go in one call of the group
 * script, which is atomic: on one server (standalone or Sentinel) that is the whole group; on Redis Cluster,
 * each set of requests whose keys share a slot (policies keyed by the same client key do: the key is the
 * hash tag).
 *
 * <p>Across slots no call is atomic. A first round trip checks every slot's requests, taking nothing, so a
 * denial that is already there costs no slot anything. Then the slots take their tokens one call after the
 * other, in the order their requests first appear, and stop at a denial: that happens only when a concurrent
 * caller took the last tokens in between, and then the slots before it keep what they took; nothing gives
 * tokens back across slots. Nor when Redis fails between two slots' calls: the exception reaches the caller
 * (the resilient limiter's failure mode then decides) and the earlier slots keep what they took.
 */
final class GroupDecider {
    private final RedisScripting redis;
    private final BucketKeys keys;

    GroupDecider(RedisScripting redis, BucketKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    /** @param now '' for the server's clock, or µs (tests) */
    List<Decision> decide(List<Acquisition> requests, String now) {
        List<List<Integer>> slots = bySlot(requests);
        if (slots.size() == 1) {
            return GroupScript.parse(requests, redis.run(GroupScript.call(keys, requests, now, false)));
        }
        Decision[] decisions = new Decision[requests.size()];
        // a denial already there refuses the group before any slot has taken a token
        if (!checkOnly(requests, slots, now, decisions)) {
            return List.of(decisions);
        }
        for (int s = 0; s < slots.size(); s++) {
            List<Acquisition> part = part(requests, slots.get(s));
            List<Decision> taken = GroupScript.parse(part, redis.run(GroupScript.call(keys, part, now, false)));
            fill(decisions, slots.get(s), taken);
            if (!GroupScript.passed(part, taken)) {
                // the later slots take nothing; what they report is their state now
                checkOnly(requests, slots.subList(s + 1, slots.size()), now, decisions);
                break;
            }
        }
        return List.of(decisions);
    }

    /** Checks these slots' requests in one round trip, taking nothing; whether every one passed. */
    private boolean checkOnly(List<Acquisition> requests, List<List<Integer>> slots, String now, Decision[] decisions) {
        if (slots.isEmpty()) {
            return true;
        }
        List<ScriptCall> calls = new ArrayList<>(slots.size());
        for (List<Integer> slot : slots) {
            calls.add(GroupScript.call(keys, part(requests, slot), now, true));
        }
        List<Object> replies = redis.runAll(calls);
        boolean passed = true;
        for (int s = 0; s < slots.size(); s++) {
            if (replies.get(s) instanceof RuntimeException e) {
                throw e;
            }
            List<Acquisition> part = part(requests, slots.get(s));
            List<Decision> checked = GroupScript.parse(part, replies.get(s));
            fill(decisions, slots.get(s), checked);
            passed &= GroupScript.passed(part, checked);
        }
        return passed;
    }

    /** The requests' indexes by slot, slots in the order their first request appears. */
    private List<List<Integer>> bySlot(List<Acquisition> requests) {
        Map<Integer, List<Integer>> slots = new LinkedHashMap<>();
        for (int i = 0; i < requests.size(); i++) {
            Acquisition r = requests.get(i);
            // every key of a request shares its bucket's hash tag, so its slot
            slots.computeIfAbsent(redis.slotOf(keys.bucket(r.policy(), r.key())), s -> new ArrayList<>()).add(i);
        }
        return new ArrayList<>(slots.values());
    }

    private static List<Acquisition> part(List<Acquisition> requests, List<Integer> indexes) {
        List<Acquisition> part = new ArrayList<>(indexes.size());
        indexes.forEach(i -> part.add(requests.get(i)));
        return part;
    }

    private static void fill(Decision[] decisions, List<Integer> indexes, List<Decision> part) {
        for (int j = 0; j < indexes.size(); j++) {
            decisions[indexes.get(j)] = part.get(j);
        }
    }
}
