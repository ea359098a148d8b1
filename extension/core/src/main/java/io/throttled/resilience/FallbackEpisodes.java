package io.throttled.resilience;

import io.throttled.core.FailureMode;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Makes every fallback seen: an episode starts with the first call a failure mode decides after Redis answered
 * (one WARNING: the policy, the cause, the timeout in force) and ends with the next call Redis answers (one line:
 * how long it lasted, how many calls each failure mode decided). Fallbacks are counted by cause for as long as the
 * application runs. Counting costs a volatile read per decision while Redis answers.
 */
public final class FallbackEpisodes {
    private static final System.Logger LOG = System.getLogger(FallbackEpisodes.class.getName());

    private final long timeoutMillis;
    private final LongSupplier nanoTime;
    private final LongSupplier epochMillis;
    private final AtomicReference<Running> current = new AtomicReference<>();
    private final EnumMap<FallbackCause, LongAdder> byCause = new EnumMap<>(FallbackCause.class);
    private final LongAdder episodes = new LongAdder();
    /** Changes whenever an episode starts or ends: what the local fallback starts keys once per. */
    private final java.util.concurrent.atomic.AtomicLong generation = new java.util.concurrent.atomic.AtomicLong();
    private volatile Episode last;

    /**
     * @param timeoutMillis the Redis timeout in force, for the log line ({@code throttled.redis.timeout})
     * @param nanoTime      the clock episodes are measured by
     * @param epochMillis   the wall clock an episode's start is shown in
     */
    public FallbackEpisodes(long timeoutMillis, LongSupplier nanoTime, LongSupplier epochMillis) {
        this.timeoutMillis = timeoutMillis;
        this.nanoTime = nanoTime;
        this.epochMillis = epochMillis;
        for (FallbackCause cause : FallbackCause.values()) {
            byCause.put(cause, new LongAdder());
        }
    }

    /** With the system clocks. */
    public FallbackEpisodes(long timeoutMillis) {
        this(timeoutMillis, System::nanoTime, System::currentTimeMillis);
    }

    /**
     * A failure mode decided a call: starts an episode when none runs (and warns once), and counts the call.
     *
     * @param policy the policy of the call
     * @param cause  why Redis did not decide it
     * @param mode   the failure mode that did
     * @param calls  how many calls it decided (a group counts each)
     */
    public void fellBack(String policy, FallbackCause cause, FailureMode mode, int calls) {
        byCause.get(cause).add(calls);
        Running running = current.get();
        if (running == null) {
            Running started = new Running(nanoTime.getAsLong(), epochMillis.getAsLong(), policy, cause);
            if (current.compareAndSet(null, started)) {
                episodes.increment();
                generation.incrementAndGet();
                LOG.log(System.Logger.Level.WARNING, "throttled: Redis did not decide a call of policy ''{0}'' ({1}; "
                        + "timeout {2} ms); the failure mode decides until Redis answers again ({3} for this policy)",
                        policy, describe(cause), Long.toString(timeoutMillis), mode.configName());
                running = started;
            } else {
                running = current.get();
                if (running == null) {
                    return;   // it ended in between: counted by cause, not in an episode
                }
            }
        }
        running.decided.get(mode).add(calls);
    }

    /**
     * Redis answered a call: ends the running episode, if any, with one line.
     *
     * @return whether this call ended one
     */
    public boolean answered() {
        if (current.get() == null) {
            return false;
        }
        Running ended = current.getAndSet(null);
        if (ended == null) {
            return false;
        }
        generation.incrementAndGet();
        Episode episode = ended.snapshot(nanoTime.getAsLong(), false);
        last = episode;
        LOG.log(System.Logger.Level.WARNING, "throttled: Redis answers again after {0} ms without it (since {1}, first"
                + " cause: {2}); decided meanwhile: {3} by local, {4} by open, {5} by closed",
                Long.toString(episode.durationMillis()), episode.startedAt(), episode.firstCause().label(),
                Long.toString(episode.decided().get(FailureMode.LOCAL)), Long.toString(episode.decided().get(FailureMode.OPEN)),
                Long.toString(episode.decided().get(FailureMode.CLOSED)));   // as text: MessageFormat would group digits
        return true;
    }

    /** {@return a number that changes whenever an episode starts or ends} */
    public long generation() {
        return generation.get();
    }

    /** {@return the episode running now, if any} */
    public Optional<Episode> running() {
        Running running = current.get();
        return running == null ? Optional.empty() : Optional.of(running.snapshot(nanoTime.getAsLong(), true));
    }

    /** {@return the last episode that ended, if any} */
    public Optional<Episode> lastEnded() {
        return Optional.ofNullable(last);
    }

    /** {@return how many episodes started since this node did} */
    public long count() {
        return episodes.sum();
    }

    /**
     * Calls decided without Redis since start, for one cause.
     *
     * @param cause the cause
     * @return the count
     */
    public long decidedWithoutRedis(FallbackCause cause) {
        return byCause.get(cause).sum();
    }

    /** {@return calls decided without Redis since start, by cause, every cause present} */
    public Map<FallbackCause, Long> decidedWithoutRedis() {
        EnumMap<FallbackCause, Long> counts = new EnumMap<>(FallbackCause.class);
        byCause.forEach((cause, adder) -> counts.put(cause, adder.sum()));
        return counts;
    }

    private String describe(FallbackCause cause) {
        return switch (cause) {
            case TIMEOUT -> "timeout: no answer within the timeout";
            case CONNECTION -> "connection: the call failed";
            case BREAKER_OPEN -> "breaker open: Redis was not asked";
        };
    }

    /**
     * One period during which failure modes decided.
     *
     * @param startedAt      when its first fallback happened
     * @param durationMillis how long it ran (until now when still running)
     * @param policy         the policy of its first fallback
     * @param firstCause     the cause of its first fallback
     * @param decided        calls each failure mode decided in it, every mode present
     * @param running        whether it is still running
     */
    public record Episode(Instant startedAt, long durationMillis, String policy, FallbackCause firstCause,
                          Map<FailureMode, Long> decided, boolean running) {
        public Episode {
            decided = Map.copyOf(decided);
        }
    }

    private static final class Running {
        final long startNanos;
        final long startEpochMillis;
        final String policy;
        final FallbackCause cause;
        final EnumMap<FailureMode, LongAdder> decided = new EnumMap<>(FailureMode.class);

        Running(long startNanos, long startEpochMillis, String policy, FallbackCause cause) {
            this.startNanos = startNanos;
            this.startEpochMillis = startEpochMillis;
            this.policy = policy;
            this.cause = cause;
            for (FailureMode mode : FailureMode.values()) {
                decided.put(mode, new LongAdder());
            }
        }

        Episode snapshot(long now, boolean stillRunning) {
            EnumMap<FailureMode, Long> counts = new EnumMap<>(FailureMode.class);
            decided.forEach((mode, adder) -> counts.put(mode, adder.sum()));
            return new Episode(Instant.ofEpochMilli(startEpochMillis), Math.max(0, (now - startNanos) / 1_000_000),
                    policy, cause, counts, stillRunning);
        }
    }
}
