package io.throttled.redis;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Several decision calls as one call of {@code batch.lua} (see {@link CoalescingScripting}): the script (one per
 * set of algorithms the batch uses, built on first use and kept), its KEYS and ARGV, and its reply split back
 * into each call's own.
 */
final class BatchScript {
    /**
     * Batch scripts by the set of algorithms they carry (a bit per {@link AlgorithmScripts#ALGORITHMS} entry) and
     * whether they keep states between requests ({@link #KEEPS_STATES}).
     */
    private static final ConcurrentHashMap<Integer, LuaScript> SCRIPTS = new ConcurrentHashMap<>();
    private static final int KEEPS_STATES = 1 << 30;
    /** In place of a request's algorithm number: the request before, again ({@code batch.lua}). */
    static final String AGAIN = "0";
    /** In place of a request's algorithm number: the request before's arguments, on keys of its own. */
    static final String SAME = "-";

    private BatchScript() {
    }

    /** The number of the algorithm whose decision script this call runs, or -1 for any other script. */
    static int algorithmOf(ScriptCall call) {
        List<AlgorithmScript> algorithms = AlgorithmScripts.ALGORITHMS;
        for (int i = 0; i < algorithms.size(); i++) {
            if (algorithms.get(i).lua() == call.script()) {
                return i;
            }
        }
        return -1;
    }

    /** The clock argument of a decision call ('' for the server's clock): calls in one batch share it. */
    static String nowOf(ScriptCall decision) {
        return decision.args().get(1);
    }

    /**
     * One call deciding all these; each must be a decision call ({@link #algorithmOf} ≥ 0), all with the same
     * clock argument, their keys in one hash slot on a cluster.
     */
    static ScriptCall of(List<ScriptCall> decisions) {
        int[] bits = new int[decisions.size()];
        int set = 0;
        int keyCount = 0;
        int argCount = 2;
        for (int i = 0; i < bits.length; i++) {
            ScriptCall d = decisions.get(i);
            bits[i] = algorithmOf(d);
            set |= 1 << bits[i];
            keyCount += d.keys().size();
            argCount += 2 + d.args().size();
        }
        List<String> keys = new ArrayList<>(keyCount);
        List<String> args = new ArrayList<>(argCount);
        args.add(Integer.toString(decisions.size()));
        args.add(nowOf(decisions.get(0)));
        boolean repeats = false;
        for (int i = 0; i < bits.length; i++) {
            ScriptCall d = decisions.get(i);
            if (i > 0 && sameArguments(d, decisions.get(i - 1))) {
                if (d.keys().equals(decisions.get(i - 1).keys())) {
                    args.add(AGAIN);
                    repeats = true;
                } else {
                    args.add(SAME);
                    keys.addAll(d.keys());
                }
                continue;
            }
            List<String> own = d.args();   // cost, now, then the per-limit values
            args.add(Integer.toString(AlgorithmScripts.numberIn(set, bits[i])));   // its number in the script
            args.add(Integer.toString(d.keys().size()));
            args.add(own.get(0));
            args.add(Integer.toString(own.size() - 2));
            args.addAll(own.subList(2, own.size()));
            keys.addAll(d.keys());
        }
        return new ScriptCall(script(set, repeats || anyRepeated(keys)), keys, args);
    }

    /**
     * Whether a decision asks what the one before it asked (the same script, cost and limits, as many keys), as
     * every request of one policy does. With the same keys too (a hot key) it goes as {@link #AGAIN} alone, so
     * Redis neither parses nor Lua unpacks its arguments again, and it is decided by the same closures, which hold
     * nothing of the request before that the next check does not overwrite. With keys of its own (another client
     * of the policy) it goes as {@link #SAME} and its keys, and is decided by the same closures too, on its keys.
     */
    private static boolean sameArguments(ScriptCall decision, ScriptCall before) {
        return decision.script() == before.script() && decision.keys().size() == before.keys().size()
                && decision.args().equals(before.args());
    }

    /**
     * Whether two requests share a key, so that keeping states between requests ({@code batch-state.lua}) saves
     * Redis a GET and a SET per repeat; on distinct keys it would only add its bookkeeping.
     */
    private static boolean anyRepeated(List<String> keys) {
        if (keys.size() < 2) {
            return false;
        }
        Set<String> seen = new HashSet<>(keys.size() * 2);
        for (String key : keys) {
            if (!seen.add(key)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Each call's reply, in order: its decision reply, or the exception Redis reported for that call alone.
     *
     * @throws IllegalStateException when the reply is not one per call
     */
    static List<?> split(Object reply, int calls) {
        if (!(reply instanceof List<?> replies) || replies.size() != calls) {
            throw new IllegalStateException("unexpected reply from a batch script for " + calls + " decisions: " + reply);
        }
        return replies;
    }

    /** The batch script of a set of algorithms (a bit per {@link AlgorithmScripts#ALGORITHMS} entry); built once. */
    static LuaScript script(int set, boolean keepStates) {
        return SCRIPTS.computeIfAbsent(keepStates ? set | KEEPS_STATES : set,
                s -> LuaScript.batch(AlgorithmScripts.files(set), keepStates));
    }
}
