package io.throttled.resilience;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.throttled.core.Decision;
import io.throttled.core.FailureMode;
import io.throttled.core.Policy;
import io.throttled.memory.InMemoryRateLimiter;
import io.throttled.redis.ForwardingScripting;
import io.throttled.redis.RedisConnections;
import io.throttled.redis.RedisRateLimiter;
import io.throttled.redis.RedisScripting;
import io.throttled.redis.RedisSettings;
import io.throttled.redis.ScriptCall;
import io.throttled.testing.redis.RedisProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisConnectionException;

/**
 * The failure mode {@code local} on a real Redis: a key starts from what Redis last answered, not full; what the
 * node admits alone is charged to Redis when it answers again, never below empty; a stall of Redis during a
 * client's second call gives it no fresh burst; each episode is logged once when it starts and once when it ends,
 * and counted by cause.
 */
class LocalFallbackTest {
    private static final Policy DAILY = Policy.builder("daily").rate("10/1d").build();

    private final List<LogRecord> logged = new ArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            synchronized (logged) {
                logged.add(record);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final Logger episodesLog = Logger.getLogger(FallbackEpisodes.class.getName());

    @BeforeEach
    void listen() {
        episodesLog.addHandler(capture);
    }

    @AfterEach
    void stopListening() {
        episodesLog.removeHandler(capture);
    }

    @Test
    void aKeyStartsFromWhatRedisLastSaidAndAnUnseenOneFromItsShare() {
        try (RedisProcess server = RedisProcess.start()) {
            Severable redis = new Severable(RedisConnections.scripting(settings(server)));
            try (ResilientRateLimiter limiter = limiter(redis, 0.5)) {
                for (int i = 0; i < 4; i++) {
                    assertThat(limiter.acquire(DAILY, "seen").origin()).isEqualTo(Decision.Origin.STORE);
                }
                redis.cut = true;

                assertThat(admitted(limiter, "seen", 20)).as("the 6 Redis said were left, not a fresh 10").isEqualTo(6);
                assertThat(admitted(limiter, "unseen", 20)).as("half the burst for a key Redis never answered for")
                        .isEqualTo(5);
                assertThat(limiter.episodes().decidedWithoutRedis(FallbackCause.CONNECTION)).isPositive();
            }
        }
    }

    @Test
    void whatANodeAdmitsAloneIsChargedToRedisWhenItAnswers() {
        try (RedisProcess server = RedisProcess.start()) {
            Severable redis = new Severable(RedisConnections.scripting(settings(server)));
            try (ResilientRateLimiter limiter = limiter(redis, 1.0)) {
                limiter.acquire(DAILY, "k", 2);
                redis.cut = true;
                assertThat(admitted(limiter, "k", 3)).isEqualTo(3);
                assertThat(limiter.uncharged()).isEqualTo(1);
                redis.cut = false;
                await().atMost(Duration.ofSeconds(5)).until(() -> limiter.acquire(DAILY, "other", 0).decidedByStore());

                Decision peek = limiter.acquire(DAILY, "k", 0);
                assertThat(peek.origin()).isEqualTo(Decision.Origin.STORE);
                assertThat(peek.remaining()).as("2 taken on Redis, 3 charged back").isEqualTo(5);
                assertThat(limiter.uncharged()).isZero();
            }
        }
    }

    @Test
    void aChargeTakesWhatTheBucketHoldsAndNeverMore() {
        try (RedisProcess server = RedisProcess.start()) {
            Severable cutOff = new Severable(RedisConnections.scripting(settings(server)));
            try (ResilientRateLimiter first = limiter(cutOff, 1.0);
                 ResilientRateLimiter second = limiter(RedisConnections.scripting(settings(server)), 1.0)) {
                first.acquire(DAILY, "k");
                cutOff.cut = true;
                assertThat(admitted(first, "k", 20)).as("what the first node last heard: 9 left").isEqualTo(9);
                assertThat(second.acquire(DAILY, "k", 5).allowed()).as("the other node, on Redis").isTrue();
                cutOff.cut = false;
                // the first answer after the breaker's open time ends the episode and charges the debts
                await().atMost(Duration.ofSeconds(5)).until(() -> first.acquire(DAILY, "other", 0).decidedByStore());

                assertThat(second.acquire(DAILY, "k", 0).remaining())
                        .as("the 4 left on Redis were charged, the other 5 forgiven: never below empty").isZero();
                Decision after = first.acquire(DAILY, "k");
                assertThat(after.allowed()).isFalse();
                assertThat(after.origin()).isEqualTo(Decision.Origin.STORE);
            }
        }
    }

    @Test
    void aStallDuringTheSecondCallGivesNoFreshBurst() throws Exception {
        Policy login = Policy.builder("login").rate("3/10s").build();
        try (RedisProcess server = RedisProcess.start(); Jedis admin = server.jedis()) {
            try (ResilientRateLimiter limiter = limiter(RedisConnections.scripting(settings(server)), 1.0)) {
                for (int client = 0; client < 5; client++) {
                    String key = "client-" + client;
                    int admitted = limiter.acquire(login, key).allowed() ? 1 : 0;
                    admin.clientPause(400);   // CLIENT PAUSE 400 ALL: every call meanwhile times out
                    for (int call = 2; call <= 10; call++) {
                        Decision d = limiter.acquire(login, key);
                        if (!d.allowed()) {
                            break;
                        }
                        admitted++;
                    }
                    await().atMost(Duration.ofSeconds(5)).until(() -> limiter.acquire(login, "probe", 0).decidedByStore());
                    for (int call = 0; call < 3; call++) {
                        admitted += limiter.acquire(login, key).allowed() ? 1 : 0;
                    }
                    assertThat(admitted).as("client %d: the limit, whatever was decided where", client).isBetween(2, 3);
                }
                assertThat(limiter.episodes().decidedWithoutRedis(FallbackCause.TIMEOUT)).isPositive();
                assertThat(limiter.episodes().count()).isEqualTo(5);
            }
        }
        List<String> warnings = warnings();
        assertThat(warnings).filteredOn(m -> m.contains("Redis did not decide a call of policy 'login'")).hasSize(5);
        assertThat(warnings).filteredOn(m -> m.contains("Redis answers again after")).hasSize(5);
    }

    @Test
    void anEpisodeIsLoggedOnceWhenItStartsAndOnceWhenItEnds() {
        try (RedisProcess server = RedisProcess.start()) {
            Severable redis = new Severable(RedisConnections.scripting(settings(server)));
            try (ResilientRateLimiter limiter = limiter(redis, 1.0)) {
                limiter.acquire(DAILY, "k");
                redis.cut = true;
                for (int i = 0; i < 20; i++) {
                    limiter.acquire(DAILY, "k" + i);
                }
                assertThat(limiter.episodes().running()).hasValueSatisfying(e -> {
                    assertThat(e.firstCause()).isEqualTo(FallbackCause.CONNECTION);
                    assertThat(e.decided().get(FailureMode.LOCAL)).isEqualTo(20);
                });
                assertThat(limiter.episodes().decidedWithoutRedis(FallbackCause.BREAKER_OPEN))
                        .as("the breaker opened after 5 failures").isEqualTo(15);
                redis.cut = false;
                await().atMost(Duration.ofSeconds(5)).until(() -> limiter.acquire(DAILY, "k", 0).decidedByStore());
                assertThat(limiter.episodes().running()).isEmpty();
                assertThat(limiter.episodes().lastEnded()).hasValueSatisfying(e ->
                        assertThat(e.decided().get(FailureMode.LOCAL)).isGreaterThanOrEqualTo(20));
            }
        }
        List<String> warnings = warnings();
        assertThat(warnings).filteredOn(m -> m.contains("Redis did not decide")).hasSize(1)
                .first().asString().contains("connection").contains("timeout 50 ms").contains("'daily'");
        assertThat(warnings).filteredOn(m -> m.contains("Redis answers again after")).hasSize(1)
                .first().asString().contains("first cause: connection").containsPattern("decided meanwhile: \\d+ by local");
    }

    private List<String> warnings() {
        synchronized (logged) {
            return logged.stream().filter(r -> r.getLevel().intValue() >= Level.WARNING.intValue())
                    .map(r -> new java.text.MessageFormat(r.getMessage()).format(r.getParameters())).toList();
        }
    }

    private static int admitted(ResilientRateLimiter limiter, String key, int calls) {
        int admitted = 0;
        for (int i = 0; i < calls; i++) {
            Decision d = limiter.acquire(DAILY, key);
            assertThat(d.origin()).isEqualTo(Decision.Origin.LOCAL_FALLBACK);
            admitted += d.allowed() ? 1 : 0;
        }
        return admitted;
    }

    private static RedisSettings settings(RedisProcess server) {
        return RedisSettings.builder().url(server.url()).build();   // the production defaults: 50 ms timeout
    }

    private static ResilientRateLimiter limiter(RedisScripting redis, double unseenShare) {
        return ResilientRateLimiter.builder(RedisRateLimiter.builder(redis).build()).failureMode(FailureMode.LOCAL)
                .local(InMemoryRateLimiter.create()).breaker(new CircuitBreaker(5, 200, System::nanoTime))
                .overLimitCache(new OverLimitCache(1000, System::nanoTime)).timeoutMillis(50)
                .unseenShare(unseenShare).build();
    }

    /** A connection that can be cut: a cut call fails at once, as a refused connection does, and never runs. */
    private static final class Severable extends ForwardingScripting {
        volatile boolean cut;

        Severable(RedisScripting redis) {
            super(redis);
        }

        @Override
        public Object run(ScriptCall call) {
            if (cut) {
                throw new JedisConnectionException("cut");
            }
            return super.run(call);
        }

        @Override
        public List<Object> runAll(List<ScriptCall> calls) {
            if (cut) {
                throw new JedisConnectionException("cut");
            }
            return super.runAll(calls);
        }
    }
}
