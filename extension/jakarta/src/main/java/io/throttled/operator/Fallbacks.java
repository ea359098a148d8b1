package io.throttled.operator;

import io.throttled.core.FailureMode;
import io.throttled.core.RateLimiter;
import io.throttled.resilience.FallbackCause;
import io.throttled.resilience.FallbackEpisodes;
import io.throttled.resilience.ResilientRateLimiter;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * This node's decisions without Redis ({@link FallbackState}): read it to show an operator that Redis is not
 * deciding, since when, why, and what decided instead. Reading costs a few counter sums and never asks Redis. A CDI
 * bean: inject it.
 */
@Dependent
public final class Fallbacks {
    private final RateLimiter limiter;

    @Inject
    Fallbacks(RateLimiter limiter) {
        this.limiter = limiter;
    }

    /** {@return the state now: {@link FallbackState#withoutRedis()} when the limiter does not use Redis} */
    public FallbackState state() {
        if (!(limiter instanceof ResilientRateLimiter resilient)) {
            return FallbackState.withoutRedis();
        }
        FallbackEpisodes episodes = resilient.episodes();
        Map<String, Long> byCause = new LinkedHashMap<>();
        for (FallbackCause cause : FallbackCause.values()) {
            byCause.put(cause.label(), episodes.decidedWithoutRedis(cause));
        }
        return new FallbackState(true, episodes.running().map(Fallbacks::episode),
                episodes.lastEnded().map(Fallbacks::episode), episodes.count(), byCause, resilient.uncharged());
    }

    private static FallbackEpisode episode(FallbackEpisodes.Episode e) {
        Map<String, Long> decided = new LinkedHashMap<>();
        for (FailureMode mode : new FailureMode[] {FailureMode.LOCAL, FailureMode.OPEN, FailureMode.CLOSED}) {
            decided.put(mode.configName(), e.decided().getOrDefault(mode, 0L));
        }
        return new FallbackEpisode(e.startedAt(), e.durationMillis(), e.policy(), e.firstCause().label(), decided,
                e.running());
    }
}
