package io.throttled.redis;

import io.throttled.core.Acquisition;
import io.throttled.core.BucketKeys;
import io.throttled.core.Decision;
import io.throttled.core.Limit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The call of {@code group.lua} for a group of requests: which script (one per set of algorithms the group
 * uses, built on first use and kept), its KEYS and ARGV, and how its reply becomes decisions.
 */
final class GroupScript {
    /** Group scripts by the set of algorithms they carry: a bit per {@link AlgorithmScripts#ALGORITHMS} entry. */
    private static final ConcurrentHashMap<Integer, LuaScript> SCRIPTS = new ConcurrentHashMap<>();

    private GroupScript() {
    }

    /**
     * The call deciding these requests all or none; their keys must share a hash slot on a cluster.
     *
     * @param now       '' for the server's clock, or µs (tests)
     * @param checkOnly take nothing, whatever the outcome
     */
    static ScriptCall call(BucketKeys keys, List<Acquisition> requests, String now, boolean checkOnly) {
        int set = 0;
        for (Acquisition r : requests) {
            set |= 1 << AlgorithmScripts.ALGORITHMS.indexOf(AlgorithmScripts.of(r.policy()));
        }
        List<String> scriptKeys = new ArrayList<>(requests.size() * 2);
        List<String> args = new ArrayList<>(3 + requests.size() * 8);
        args.add(Integer.toString(requests.size()));
        args.add(now);
        args.add(checkOnly ? "1" : "0");
        for (Acquisition r : requests) {
            AlgorithmScript script = AlgorithmScripts.of(r.policy());
            int bit = AlgorithmScripts.ALGORITHMS.indexOf(script);
            String bucket = keys.bucket(r.policy(), r.key());
            List<Limit> limits = r.policy().limits();
            args.add(Integer.toString(AlgorithmScripts.numberIn(set, bit)));   // its number in the script
            args.add(Integer.toString(limits.size()));
            args.add(Long.toString(r.cost()));
            args.add(r.policy().enforce() ? "1" : "0");
            int count = args.size();
            args.add("");   // how many values follow, known once they are added
            for (Limit limit : limits) {
                scriptKeys.add(BucketKeys.limit(bucket, r.policy(), limit));
                script.addArguments(limit, args);
            }
            args.set(count, Integer.toString(args.size() - count - 1));
        }
        return new ScriptCall(script(set), scriptKeys, args);
    }

    /** One decision per request, from the script's reply: a list of one decision reply per request. */
    static List<Decision> parse(List<Acquisition> requests, Object reply) {
        if (!(reply instanceof List<?> replies) || replies.size() != requests.size()) {
            throw new IllegalStateException("unexpected reply from a group script for " + requests.size()
                    + " requests: " + reply);
        }
        List<Decision> decisions = new ArrayList<>(requests.size());
        for (int i = 0; i < requests.size(); i++) {
            decisions.add(DecisionReply.parse(requests.get(i).policy(), replies.get(i)));
        }
        return decisions;
    }

    /** Whether no enforced request was denied: the group passed, and unless only checked, took its tokens. */
    static boolean passed(List<Acquisition> requests, List<Decision> decisions) {
        for (int i = 0; i < requests.size(); i++) {
            if (!decisions.get(i).allowed() && requests.get(i).policy().enforce()) {
                return false;
            }
        }
        return true;
    }

    /** The group script of a set of algorithms (a bit per {@link AlgorithmScripts#ALGORITHMS} entry); built once. */
    static LuaScript script(int set) {
        return SCRIPTS.computeIfAbsent(set, s -> LuaScript.group(AlgorithmScripts.files(s)));
    }
}
