package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.resilience.ResilientRateLimiter;
import io.throttled.resilience.CircuitBreaker;
import io.throttled.resilience.OverLimitCache;
import io.throttled.core.Acquisition;
import io.throttled.core.Decision;
import io.throttled.core.FailureMode;
import io.throttled.core.Policy;
import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.testing.redis.CountingScripting;
import io.throttled.testing.redis.RedisExtension;
import io.throttled.testing.redis.RedisProcess;
import io.throttled.testing.redis.TestRedis;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A group through the resilient limiter: the over-limit cache and the failure modes apply to the whole group. */
@ExtendWith(RedisExtension.class)
class ResilientGroupTest {
    private static final AtomicInteger CLIENTS = new AtomicInteger();
    private static final Policy USER = Policy.builder("user").rate("1/1d").build();
    private static final Policy ROUTE = Policy.builder("route").rate("10/1d").build();
    private static final Policy SHADOW = Policy.builder("shadow").rate("1/1d").enforce(false).build();

    private final String client = "c" + CLIENTS.incrementAndGet();

    private static ResilientRateLimiter resilient(RedisScripting redis, FailureMode mode) {
        return new ResilientRateLimiter(TestLimiters.withoutPreload(RedisRateLimiter.builder(redis)), mode,
                InMemoryRateLimiter.create(), new CircuitBreaker(2, 60_000, System::nanoTime),
                new OverLimitCache(1000, System::nanoTime), System::nanoTime);
    }

    private List<Acquisition> group(Policy... policies) {
        return Arrays.stream(policies).map(p -> new Acquisition(p, client, 1)).toList();
    }

    @Test
    void aGroupWithARememberedDenialIsRefusedWithoutRedis(TestRedis server) {
        CountingScripting redis = new CountingScripting(server.scripting());
        try (ResilientRateLimiter limiter = resilient(redis, FailureMode.LOCAL)) {
            limiter.acquire(USER, client);
            List<Decision> first = limiter.acquireTogether(group(ROUTE, USER));   // Redis denies; remembered
            assertThat(first.get(1).origin()).isEqualTo(Decision.Origin.STORE);
            int calls = redis.single.get();

            List<Decision> again = limiter.acquireTogether(group(ROUTE, USER));

            assertThat(redis.single.get()).isEqualTo(calls);
            assertThat(again.get(1).allowed()).isFalse();
            assertThat(again.get(1).origin()).isEqualTo(Decision.Origin.OVER_LIMIT_CACHE);
            assertThat(again.get(0).origin()).isEqualTo(Decision.Origin.SKIPPED);
            assertThat(limiter.acquire(ROUTE, client, 0).remaining()).as("nothing taken").isEqualTo(10);
        }
    }

    @Test
    void aRememberedShadowDenialDoesNotRefuseTheGroup(TestRedis server) {
        try (ResilientRateLimiter limiter = resilient(server.scripting(), FailureMode.LOCAL)) {
            limiter.acquire(SHADOW, client);
            limiter.acquire(SHADOW, client);   // denied and remembered

            List<Decision> decisions = limiter.acquireTogether(group(ROUTE, SHADOW));

            assertThat(decisions.get(0).allowed()).isTrue();
            assertThat(decisions.get(0).origin()).isEqualTo(Decision.Origin.STORE);
            assertThat(decisions.get(1).allowed()).isFalse();
            assertThat(limiter.acquire(ROUTE, client, 0).remaining()).isEqualTo(9);
        }
    }

    @ParameterizedTest
    @EnumSource(FailureMode.class)
    void whenRedisFailsTheFailureModeDecidesTheWholeGroup(FailureMode mode) {
        try (RedisProcess server = RedisProcess.start()) {
            RedisScripting redis = RedisConnections.scripting(RedisSettings.builder().url(server.url())
                    .commandTimeout(Duration.ofMillis(200)).connectTimeout(Duration.ofMillis(200)).build());
            try (ResilientRateLimiter limiter = resilient(redis, mode)) {
                assertThat(limiter.acquire(USER, client).origin()).isEqualTo(Decision.Origin.STORE);
                server.kill();

                for (int i = 0; i < 3; i++) {   // the breaker opens after two failures: the same answer, at once
                    List<Decision> decisions = limiter.acquireTogether(group(ROUTE, USER));
                    switch (mode) {
                        case OPEN -> assertThat(decisions).allMatch(d -> d.allowed()
                                && d.origin() == Decision.Origin.FAIL_OPEN);
                        case CLOSED -> assertThat(decisions).allMatch(d -> !d.allowed()
                                && d.origin() == Decision.Origin.FAIL_CLOSED);
                        case LOCAL -> {
                            // the local store decides the group all or none; the user's bucket starts from what
                            // Redis last said (its one token taken), so the group is refused and takes nothing
                            assertThat(decisions).allMatch(d -> d.origin() == Decision.Origin.LOCAL_FALLBACK);
                            assertThat(decisions.get(1).allowed()).isFalse();
                            // a client Redis never answered for starts full: its token is taken once, by the first
                            List<Decision> fresh = limiter.acquireTogether(List.of(new Acquisition(ROUTE, "fresh", 1),
                                    new Acquisition(USER, "fresh", 1)));
                            assertThat(fresh.get(1).allowed()).isEqualTo(i == 0);
                            assertThat(fresh.get(0).remaining()).isEqualTo(9);
                        }
                    }
                }
                assertThat(limiter.breaker().state()).isEqualTo(CircuitBreaker.State.OPEN);
            }
        }
    }
}
