package io.throttled.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.throttled.cdi.OverrideSync;
import io.throttled.config.LocalOverrideStore;
import io.throttled.config.ThrottledSettings;
import io.throttled.core.BucketInventory;
import io.throttled.core.BucketInventory.KeyPage;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import java.time.Duration;
import java.util.OptionalLong;
import org.eclipse.microprofile.config.ConfigProvider;
import redis.clients.jedis.exceptions.JedisConnectionException;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A policy's buckets read and reset through the bean, on the in-JVM store. */
class BucketsTest {

    @AfterEach
    void clear() {
        OperatorContainer.clear();
    }

    @Test
    void aPeekTakesNothingAndAResetFillsTheBucket() {
        try (WeldContainer cdi = OperatorContainer.boot()) {
            Buckets buckets = cdi.select(Buckets.class).get();
            RateLimiter limiter = cdi.select(RateLimiter.class).get();
            Policy greet = cdi.select(Policies.class).get().find("greet").orElseThrow().policy();
            String key = buckets.clientKey(greet, "alice");
            assertThat(key).isEqualTo("u:alice");

            limiter.acquire(greet, key);
            limiter.acquire(greet, key);
            assertThat(buckets.peek(greet, key).remaining()).isEqualTo(1);
            assertThat(buckets.peek(greet, key).remaining()).isEqualTo(1);
            assertThat(buckets.timeToLiveMillis(greet, key)).isPresent();
            assertThat(buckets.keys(greet, KeyPage.START, 100).keys()).containsExactly(key);

            buckets.reset(greet, key);
            assertThat(buckets.peek(greet, key).remaining()).isEqualTo(3);
        }
    }

    @Test
    void aResetOfEveryBucketSaysWhenItIsComplete() {
        try (WeldContainer cdi = OperatorContainer.boot()) {
            Buckets buckets = cdi.select(Buckets.class).get();
            RateLimiter limiter = cdi.select(RateLimiter.class).get();
            Policy greet = cdi.select(Policies.class).get().find("greet").orElseThrow().policy();
            limiter.acquire(greet, "u:a");
            limiter.acquire(greet, "u:b");

            var progress = buckets.resetSome(greet, KeyPage.START, Duration.ofSeconds(2));

            assertThat(progress.complete()).isTrue();
            assertThat(progress.removed()).isEqualTo(2);
            assertThat(buckets.keys(greet, KeyPage.START, 100).keys()).isEmpty();
        }
    }

    @Test
    void whatCannotBeAKeyIsRefused() {
        try (WeldContainer cdi = OperatorContainer.boot()) {
            Buckets buckets = cdi.select(Buckets.class).get();
            Policy ip = Policy.builder("by-ip").rate("1/1s").key("ip").build();

            assertThatThrownBy(() -> buckets.clientKey(ip, " ")).hasMessage("the key is empty");
            assertThatThrownBy(() -> buckets.clientKey(ip, "alice")).isInstanceOf(IllegalArgumentException.class);
        }
    }

    /** The Redis store's failures, as a tool sees them: a cursor it never returned, a store that does not answer. */
    @Test
    void aBadCursorIsTheCallersMistakeAndAStoreThatDoesNotAnswerIsNot() {
        Policy policy = Policy.builder("p").rate("5/1s").build();
        FailingStore failing = new FailingStore();
        try (OverrideSync sync = new OverrideSync(new LocalOverrideStore(), Duration.ofHours(1), (stored, now) -> stored)) {
            Buckets buckets = new Buckets(failing, sync, ThrottledSettings.read(ConfigProvider.getConfig()));

            assertThatThrownBy(() -> buckets.keys(policy, "x", 10)).isExactlyInstanceOf(IllegalArgumentException.class)
                    .hasMessage("cursor 'x' is not one a page returned");
            assertThatThrownBy(() -> buckets.resetSome(policy, "x", Duration.ofSeconds(1)))
                    .isExactlyInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> buckets.peek(policy, "u:a")).isInstanceOf(StoreUnavailableException.class)
                    .hasMessage("the store did not answer the peek (decided by LOCAL_FALLBACK)");
            assertThatThrownBy(() -> buckets.reset(policy, "u:a")).isInstanceOf(StoreUnavailableException.class)
                    .hasMessage("down");
            assertThatThrownBy(() -> buckets.timeToLiveMillis(policy, "u:a")).isInstanceOf(StoreUnavailableException.class);
        }
    }

    /** A Redis store that reads cursors as numbers, answers peeks from its failure mode and cannot reset. */
    private static final class FailingStore implements RateLimiter, BucketInventory {
        @Override
        public Decision acquire(Policy policy, String key, long cost) {
            return new Decision(true, 5, 0, 0, policy.limits().get(0), policy.name(), Decision.Origin.LOCAL_FALLBACK);
        }

        @Override
        public void reset(Policy policy, String key) {
            throw new JedisConnectionException("down");
        }

        @Override
        public KeyPage keys(Policy policy, String cursor, int count) {
            Long.parseLong(cursor);
            return new KeyPage(java.util.List.of(), KeyPage.START);
        }

        @Override
        public OptionalLong timeToLiveMillis(Policy policy, String clientKey) {
            throw new JedisConnectionException("down");
        }

        @Override
        public ResetProgress resetSome(Policy policy, String cursor, Duration budget) {
            return new ResetProgress(0, Long.toString(Long.parseLong(cursor)));
        }
    }
}
