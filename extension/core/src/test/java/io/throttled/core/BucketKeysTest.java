package io.throttled.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BucketKeysTest {
    private final BucketKeys keys = new BucketKeys("throttled:");
    private final Policy policy = Policy.builder("ping").algorithm(Algorithm.GCRA).rate("10/1s,100/1m").build();

    @Test
    void namesTheBucketWithTheClientKeyAsHashTag() {
        assertThat(keys.bucket(policy, "u:alice")).isEqualTo("throttled:ping:{u:alice}");
        assertThat(keys.bucket(policy, "ip:2001:db8::1")).isEqualTo("throttled:ping:{ip:2001:db8::1}");
    }

    @Test
    void namesEachLimitByAlgorithmAndWindow() {
        String bucket = keys.bucket(policy, "u:alice");

        assertThat(BucketKeys.limit(bucket, policy, policy.limits().get(0))).isEqualTo("throttled:ping:{u:alice}:g1s");
        assertThat(BucketKeys.limit(bucket, policy, policy.limits().get(1))).isEqualTo("throttled:ping:{u:alice}:g1m");
        Policy interval = Policy.builder("p").rate("1/1s;burst=10").refill(Refill.INTERVAL).build();
        assertThat(BucketKeys.limit("b", interval, interval.limits().get(0))).isEqualTo("b:ti1s");
    }

    @Test
    void hashesKeysAClientCouldUseToPickASlotOrGrowMemory() {
        String braces = BucketKeys.safe("evil}{slot");
        String longKey = BucketKeys.safe("x".repeat(65));
        String spaces = BucketKeys.safe("a b");

        assertThat(braces).startsWith("~").doesNotContain("{", "}").hasSize(23);
        assertThat(longKey).startsWith("~").hasSize(23);
        assertThat(spaces).startsWith("~");
        assertThat(BucketKeys.safe("evil}{slot")).isEqualTo(braces);
        assertThat(BucketKeys.safe("evil}{slot2")).isNotEqualTo(braces);
        assertThat(BucketKeys.safe("x".repeat(64))).isEqualTo("x".repeat(64));
        assertThat(BucketKeys.safe("~abc")).startsWith("~").isNotEqualTo("~abc");
        assertThat(BucketKeys.safe("")).isEmpty();
    }

    @Test
    void refusesPrefixesThatWouldBreakKeys() {
        assertThatThrownBy(() -> new BucketKeys("my {prefix}"))
                .hasMessageContaining("key prefix 'my {prefix}' must be at most 64 letters, digits");
        assertThat(new BucketKeys("").prefix()).isEmpty();
    }
}
