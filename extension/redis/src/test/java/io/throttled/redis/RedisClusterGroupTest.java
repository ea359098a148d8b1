package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.core.Acquisition;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.testing.ManualClock;
import io.throttled.testing.redis.CountingScripting;
import io.throttled.testing.redis.RedisConnections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * Groups on a 3-master cluster: one call where the keys share a slot; across slots (here on different
 * masters) a first pass that takes nothing, then one call per slot, as {@link GroupDecider} says.
 */
class RedisClusterGroupTest {
    private static final AtomicInteger CLIENTS = new AtomicInteger();
    private static final Policy USER = Policy.builder("user").rate("2/1d").build();
    private static final Policy ROUTE = Policy.builder("route").algorithm(io.throttled.core.Algorithm.GCRA).rate("10/1d").build();

    @RegisterExtension
    static final RedisConnections connections = new RedisConnections();

    private final JedisScripting redis = connections.cluster();
    private final ManualClock clock = ManualClock.aheadOfRealTime();
    private String user;
    private String ip;

    @BeforeEach
    void clientsOnDifferentMasters() {
        // the three masters hold slots 0-5460, 5461-10922 and 10923-16383
        user = clientInSlots("u:", 0, 5000);
        ip = clientInSlots("ip:", 11000, 16383);
    }

    private static String clientInSlots(String prefix, int from, int to) {
        while (true) {
            String key = prefix + CLIENTS.incrementAndGet();
            int slot = JedisClusterCRC16.getSlot(key);
            if (slot >= from && slot <= to) {
                return key;
            }
        }
    }

    /** A token of the route's bucket for {@code routeKey}, then one of the user's. */
    private List<Acquisition> routeThenUser(String routeKey) {
        return List.of(new Acquisition(ROUTE, routeKey, 1), new Acquisition(USER, user, 1));
    }

    private RedisRateLimiter limiter(RedisScripting scripting) {
        return TestLimiters.withoutPreload(RedisRateLimiter.builder(scripting).clock(clock));
    }

    @Test
    void policiesOfOneClientAreOneCall() {
        CountingScripting calls = new CountingScripting(redis);
        RedisRateLimiter limiter = limiter(calls);

        List<Decision> decisions = limiter.acquireTogether(routeThenUser(user));

        assertThat(decisions).allMatch(Decision::allowed);
        assertThat(calls.single.get()).isEqualTo(1);
        assertThat(calls.pipelined.get()).isZero();
    }

    @Test
    void acrossSlotsEveryOneTakesWhenEveryOnePasses() {
        CountingScripting calls = new CountingScripting(redis);
        RedisRateLimiter limiter = limiter(calls);

        List<Decision> decisions = limiter.acquireTogether(routeThenUser(ip));

        assertThat(decisions).extracting(Decision::remaining).containsExactly(9L, 1L);
        assertThat(limiter.acquire(ROUTE, ip, 0).remaining()).isEqualTo(9);
        assertThat(limiter.acquire(USER, user, 0).remaining()).isEqualTo(1);
        assertThat(calls.pipelined.get()).as("the first pass: one round trip for both slots").isEqualTo(1);
        assertThat(calls.single.get()).as("then one call per slot").isEqualTo(2 + 2);   // + the two peeks
    }

    @Test
    void acrossSlotsADenialAlreadyThereTakesNothingInAnySlot() {
        RedisRateLimiter limiter = limiter(redis);
        limiter.acquire(USER, user, 2);

        for (int i = 0; i < 3; i++) {
            List<Decision> userLast = limiter.acquireTogether(routeThenUser(ip));
            List<Decision> userFirst = limiter.acquireTogether(List.of(new Acquisition(USER, user, 1),
                    new Acquisition(ROUTE, ip, 1)));

            assertThat(userLast.get(1).allowed()).isFalse();
            assertThat(userFirst.get(0).allowed()).isFalse();
            assertThat(userLast.get(0)).isEqualTo(limiter.acquire(ROUTE, ip, 0));
            assertThat(userFirst.get(1).remaining()).isEqualTo(10);
        }
        assertThat(limiter.acquire(ROUTE, ip, 0).remaining()).isEqualTo(10);
    }

    @Test
    void acrossSlotsADenialBetweenTheSlotsCallsKeepsWhatTheEarlierSlotTook() {
        RedisRateLimiter other = limiter(redis);
        CountingScripting calls = new CountingScripting(redis) {
            @Override
            public Object run(ScriptCall call) {
                Object reply = super.run(call);
                if (single.get() == 1) {
                    other.acquire(USER, user, 2);   // another node takes the user's tokens after the first slot's call
                }
                return reply;
            }
        };
        RedisRateLimiter limiter = limiter(calls);

        List<Decision> decisions = limiter.acquireTogether(routeThenUser(ip));

        assertThat(decisions.get(0).allowed()).isTrue();
        assertThat(decisions.get(1).allowed()).isFalse();
        // the documented limit of a group across slots: the route's token is not given back
        assertThat(other.acquire(ROUTE, ip, 0).remaining()).isEqualTo(9);
        assertThat(other.acquire(USER, user, 0).remaining()).isZero();
    }
}
