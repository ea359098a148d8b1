package io.throttled.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.core.Acquisition;
import io.throttled.core.Decision;
import io.throttled.core.Limit;
import io.throttled.core.Policy;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class OverLimitCacheTest {
    private final AtomicLong now = new AtomicLong(5_000_000_000L);
    private final OverLimitCache cache = new OverLimitCache(100, now::get);
    private final Policy policy = Policy.builder("p").rate("10/1s").build();
    private final Limit limit = policy.limits().get(0);

    private Decision denied(long retryMillis) {
        return new Decision(false, 0, retryMillis, 1000, limit, "p");
    }

    @Test
    void deniesCallsCostingAtLeastTheDeniedOneUntilRetryAfterLessAMillisecondFromSending() {
        long sent = now.get();
        now.addAndGet(2_000_000L);   // the reply came 2 ms later
        cache.remember(policy, "k", 2, denied(300), sent);

        Decision repeat = cache.deny(policy, "k", 2);
        assertThat(repeat).isNotNull();
        assertThat(repeat.allowed()).isFalse();
        assertThat(repeat.origin()).isEqualTo(Decision.Origin.OVER_LIMIT_CACHE);
        assertThat(repeat.retryAfterMillis()).isEqualTo(297);
        assertThat(cache.deny(policy, "k", 5)).isNotNull();
        assertThat(cache.deny(policy, "k", 1)).as("a cheaper call may pass sooner").isNull();
        assertThat(cache.deny(policy, "k", 0)).as("a peek looks at Redis").isNull();
        assertThat(cache.deny(policy, "other", 2)).isNull();

        now.set(sent + 298_999_999L);
        assertThat(cache.deny(policy, "k", 2)).isNotNull();
        now.set(sent + 299_000_000L);   // retry-after 300 ms, less the rounding millisecond
        assertThat(cache.deny(policy, "k", 2)).isNull();
    }

    @Test
    void remembersOnlyDenialsThatWaitingEnds() {
        cache.remember(policy, "allowed", 1, new Decision(true, 3, 0, 100, limit, "p"), now.get());
        cache.remember(policy, "never", 11, new Decision(false, 3, Decision.NEVER, 100, limit, "p"), now.get());
        cache.remember(policy, "short", 1, denied(1), now.get());

        assertThat(cache.deny(policy, "allowed", 1)).isNull();
        assertThat(cache.deny(policy, "never", 11)).isNull();
        assertThat(cache.deny(policy, "short", 1)).isNull();
        assertThat(cache.size()).isZero();
    }

    @Test
    void forgetsWhatAnOperatorResetOrChanged() {
        Policy other = Policy.builder("q").rate("10/1s").build();
        cache.remember(policy, "a", 1, denied(500), now.get());
        cache.remember(policy, "b", 1, denied(500), now.get());
        cache.remember(other, "a", 1, denied(500), now.get());

        cache.forget("p", "a");
        assertThat(cache.deny(policy, "a", 1)).isNull();
        assertThat(cache.deny(policy, "b", 1)).isNotNull();

        cache.forget("p", null);
        assertThat(cache.deny(policy, "b", 1)).isNull();
        assertThat(cache.deny(other, "a", 1)).isNotNull();

        cache.forgetAll();
        assertThat(cache.deny(other, "a", 1)).isNull();
        Policy changed = policy.toBuilder().rate("20/1s").build();
        cache.remember(policy, "c", 1, denied(500), now.get());
        assertThat(cache.deny(changed, "c", 1)).as("a changed policy is another entry").isNull();
    }

    @Test
    void refusesAGroupWhenAnEnforcedRequestOfItIsRemembered() {
        Policy route = Policy.builder("route").rate("100/1s").build();
        Policy shadow = Policy.builder("shadow").rate("10/1s").enforce(false).build();
        cache.remember(policy, "k", 1, denied(300), now.get());
        cache.remember(shadow, "k", 1, new Decision(false, 0, 300, 1000, limit, "shadow"), now.get());

        List<Decision> refused = cache.denyGroup(List.of(new Acquisition(route, "k", 1), new Acquisition(policy, "k", 1),
                new Acquisition(shadow, "k", 1)));

        assertThat(refused).extracting(Decision::origin).containsExactly(Decision.Origin.SKIPPED,
                Decision.Origin.OVER_LIMIT_CACHE, Decision.Origin.OVER_LIMIT_CACHE);
        assertThat(refused.get(0).allowed()).isTrue();
        assertThat(refused.get(0).reportsState()).isFalse();
        assertThat(refused.get(1).allowed()).isFalse();
        // a shadow policy's denial never refuses a group, and a cheaper call may pass: both go to Redis
        assertThat(cache.denyGroup(List.of(new Acquisition(route, "k", 1), new Acquisition(shadow, "k", 1)))).isNull();
        assertThat(cache.denyGroup(List.of(new Acquisition(route, "k", 1), new Acquisition(policy, "k", 0)))).isNull();
    }
}
