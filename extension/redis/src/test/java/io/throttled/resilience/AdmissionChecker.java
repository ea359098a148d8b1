package io.throttled.resilience;

import io.throttled.core.Decision;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a recorded timeline of decisions against the token bucket's envelope: over any interval [a, b], the
 * admissions of one key number at most {@code B + r·(b − a)}, plus 1 token of rounding slack; with n nodes, plus
 * {@code (n − 1)·Σ(B + ⌈r·D⌉)} over one node's fallback periods D overlapping the interval (the node with the most):
 * each episode may start from up to a burst the shared bucket no longer held, and spends its own refill.
 *
 * <p>An admission took effect at some moment within [sent, returned] of its call, unknown. So a set of admissions
 * is judged on the longest span it can have had, from the earliest send among them to the latest return: a set
 * above the bound on that span is above it whatever the moments were (no false failure; a violation hidden by a
 * slow call can be missed). For each pair (lo = a send time, hi = a return time) the set judged is every admission
 * sent at or after lo and returned at or before hi. O(n² log n) per key.
 *
 * <p>Fallback periods are measured per node from the decisions themselves: a period runs from the sending of its
 * first {@link Decision.Origin#LOCAL_FALLBACK} decision to the return of its last, plus the Redis timeout (the
 * call that opened it waited that long first); it ends with a decision Redis made for a call sent after the last
 * local decision returned.
 */
final class AdmissionChecker {
    private AdmissionChecker() {
    }

    /** One decision as a caller saw it: its key, its node, its answer, and when it was sent and returned. */
    record Call(String key, int node, boolean allowed, Decision.Origin origin, long sentNanos, long returnedNanos) {
        boolean answeredByRedis() {
            return origin == Decision.Origin.STORE || origin == Decision.Origin.LEASE;
        }
    }

    /** A period in which a node decided alone, in nanos, its timeout included. */
    record Period(int node, long startNanos, long endNanos) {
        double millis() {
            return (endNanos - startNanos) / 1e6;
        }
    }

    /**
     * The verdict on a timeline.
     *
     * @param admissions        calls admitted
     * @param worstOverEnvelope the largest (admissions − B − r·span) of any set: up to 1 is rounding
     * @param worstExcess       the largest (admissions − bound) of any set: 0 or less is within the bound
     * @param boundAtWorst      the bound the worst set was judged by (for the ratio in the report)
     * @param worstKey          the key of the worst set
     * @param longestPeriodMs   the longest fallback period of any node
     * @param perfectAdmissions what one perfect bucket would have admitted at the same call times
     * @param underAdmissions   per key, what the perfect bucket admitted beyond the timeline, summed
     * @param deniedButPerfect  calls denied that the perfect bucket admitted
     * @param worstExcessSummed a diagnosis, not the verdict: the largest (admissions − bound) when D is instead the
     *                          most any one node spent in fallback periods overlapping the interval, summed
     */
    record Verdict(long admissions, double worstOverEnvelope, double worstExcess, double boundAtWorst, String worstKey,
                   double longestPeriodMs, long perfectAdmissions, long underAdmissions, long deniedButPerfect,
                   double worstExcessSummed) {
        boolean withinBound() {
            return worstExcess <= 1e-9;
        }
    }

    /**
     * @param calls         every decision of the run
     * @param burst         B
     * @param ratePerMs     r, tokens per ms
     * @param nodes         n
     * @param timeoutMillis the Redis timeout of the nodes
     */
    static Verdict check(List<Call> calls, long burst, double ratePerMs, int nodes, long timeoutMillis) {
        List<Period> periods = periods(calls, timeoutMillis);
        Map<String, List<Call>> byKey = new HashMap<>();
        for (Call c : calls) {
            byKey.computeIfAbsent(c.key, k -> new ArrayList<>()).add(c);
        }
        long admissions = 0;
        long perfect = 0;
        long under = 0;
        long deniedButPerfect = 0;
        double worstOver = Double.NEGATIVE_INFINITY;
        double worstExcess = Double.NEGATIVE_INFINITY;
        double worstSummed = Double.NEGATIVE_INFINITY;
        double boundAtWorst = burst + 1;
        String worstKey = null;
        for (Map.Entry<String, List<Call>> e : byKey.entrySet()) {
            List<Call> admitted = e.getValue().stream().filter(Call::allowed).toList();
            admissions += admitted.size();
            long[] sent = admitted.stream().mapToLong(Call::sentNanos).toArray();
            long[] returned = admitted.stream().mapToLong(Call::returnedNanos).toArray();
            for (int i = 0; i < sent.length; i++) {
                long lo = sent[i];
                long[] candidates = new long[sent.length];
                int m = 0;
                for (int k = 0; k < sent.length; k++) {
                    if (sent[k] >= lo) {
                        candidates[m++] = returned[k];
                    }
                }
                Arrays.sort(candidates, 0, m);
                for (int j = 0; j < m; j++) {
                    if (j + 1 < m && candidates[j + 1] == candidates[j]) {
                        continue;   // the set ends with the last admission returned at this moment
                    }
                    long hi = candidates[j];
                    int count = j + 1;
                    double spanMs = (hi - lo) / 1e6;
                    double envelope = burst + ratePerMs * spanMs;
                    double bound = envelope + 1;
                    double summedBound = bound;
                    if (nodes > 1) {
                        bound += (nodes - 1) * allowanceOverlapping(periods, lo, hi, burst, ratePerMs);
                        summedBound += (nodes - 1) * (burst + Math.ceil(ratePerMs * mostSummedOverlapping(periods, lo, hi)));
                    }
                    worstSummed = Math.max(worstSummed, count - summedBound);
                    worstOver = Math.max(worstOver, count - envelope);
                    if (count - bound > worstExcess) {
                        worstExcess = count - bound;
                        boundAtWorst = bound;
                        worstKey = e.getKey();
                    }
                }
            }
            long[] p = perfectBucket(e.getValue(), burst, ratePerMs);
            perfect += p[0];
            under += Math.max(0, p[0] - admitted.size());
            deniedButPerfect += p[1];
        }
        double longest = periods.stream().mapToDouble(Period::millis).max().orElse(0);
        return new Verdict(admissions, admissions == 0 ? 0 : worstOver, admissions == 0 ? -burst : worstExcess,
                boundAtWorst, worstKey, longest, perfect, under, deniedButPerfect, admissions == 0 ? -burst : worstSummed);
    }

    /** The fallback periods of every node, as the class comment describes them. */
    static List<Period> periods(List<Call> calls, long timeoutMillis) {
        List<Period> periods = new ArrayList<>();
        Map<Integer, List<Call>> byNode = new HashMap<>();
        for (Call c : calls) {
            byNode.computeIfAbsent(c.node, n -> new ArrayList<>()).add(c);
        }
        for (Map.Entry<Integer, List<Call>> e : byNode.entrySet()) {
            List<Call> ordered = new ArrayList<>(e.getValue());
            ordered.sort(Comparator.comparingLong(Call::sentNanos));
            boolean open = false;
            long start = 0;
            long lastLocal = 0;
            for (Call c : ordered) {
                if (c.origin == Decision.Origin.LOCAL_FALLBACK) {
                    if (!open) {
                        open = true;
                        start = c.sentNanos - timeoutMillis * 1_000_000;
                        lastLocal = c.returnedNanos;
                    }
                    lastLocal = Math.max(lastLocal, c.returnedNanos);
                } else if (open && c.answeredByRedis() && c.sentNanos > lastLocal) {
                    periods.add(new Period(e.getKey(), start, lastLocal));
                    open = false;
                }
            }
            if (open) {
                periods.add(new Period(e.getKey(), start, lastLocal));
            }
        }
        return periods;
    }

    private static double mostSummedOverlapping(List<Period> periods, long from, long to) {
        Map<Integer, Double> byNode = new HashMap<>();
        for (Period p : periods) {
            if (p.startNanos <= to && p.endNanos >= from) {
                byNode.merge(p.node, p.millis(), Double::sum);
            }
        }
        return byNode.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }

    /**
     * What one node's fallback may add over the interval: for each of its episodes overlapping it, a burst and the
     * episode's refill (each episode starts from a seed of up to a burst the shared bucket no longer held), the most
     * of any node.
     */
    private static double allowanceOverlapping(List<Period> periods, long from, long to, long burst, double ratePerMs) {
        Map<Integer, Double> byNode = new HashMap<>();
        for (Period p : periods) {
            if (p.startNanos <= to && p.endNanos >= from) {
                byNode.merge(p.node, burst + Math.ceil(ratePerMs * p.millis()), Double::sum);
            }
        }
        return byNode.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }

    private static double longestOverlapping(List<Period> periods, long from, long to) {
        double longest = 0;
        for (Period p : periods) {
            if (p.startNanos <= to && p.endNanos >= from) {
                longest = Math.max(longest, p.millis());
            }
        }
        return longest;
    }

    /**
     * One perfect bucket, full at the first call, deciding each call at its return time.
     *
     * @return {admitted, calls denied in the timeline that it admitted}
     */
    static long[] perfectBucket(List<Call> calls, long burst, double ratePerMs) {
        List<Call> ordered = new ArrayList<>(calls);
        ordered.sort(Comparator.comparingLong(Call::returnedNanos));
        double tokens = burst;
        long last = ordered.isEmpty() ? 0 : ordered.get(0).returnedNanos;
        long admitted = 0;
        long deniedButPerfect = 0;
        for (Call c : ordered) {
            tokens = Math.min(burst, tokens + ratePerMs * (c.returnedNanos - last) / 1e6);
            last = c.returnedNanos;
            if (tokens >= 1) {
                tokens -= 1;
                admitted++;
                if (!c.allowed) {
                    deniedButPerfect++;
                }
            }
        }
        return new long[] {admitted, deniedButPerfect};
    }
}
