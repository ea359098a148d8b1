package io.throttled.operator;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One period during which this node decided without Redis: it starts with the first call a failure mode decided after
 * Redis had answered, and ends with the next call Redis answers.
 *
 * @param startedAt      when its first call fell back
 * @param durationMillis how long it ran, in milliseconds (until now while it runs)
 * @param policy         the policy of its first call
 * @param firstCause     why Redis did not decide its first call: {@code timeout}, {@code connection} or
 *                       {@code breaker_open} ({@link FallbackState#CAUSES})
 * @param decided        how many calls each failure mode decided in it, by the mode's config name ({@code local},
 *                       {@code open}, {@code closed}, in that order), every mode present
 * @param running        whether it is still running
 */
public record FallbackEpisode(Instant startedAt, long durationMillis, String policy, String firstCause,
                              Map<String, Long> decided, boolean running) {

    /**
     * An episode that does not change: the counts are copied, in the order given.
     *
     * @param startedAt      when its first call fell back
     * @param durationMillis how long it ran, in milliseconds
     * @param policy         the policy of its first call
     * @param firstCause     why Redis did not decide its first call
     * @param decided        calls decided by each failure mode, by config name
     * @param running        whether it is still running
     */
    public FallbackEpisode {
        decided = Collections.unmodifiableMap(new LinkedHashMap<>(decided));
    }

    /** {@return the calls decided in it, by every failure mode together} */
    public long decidedTotal() {
        return decided.values().stream().mapToLong(Long::longValue).sum();
    }
}
