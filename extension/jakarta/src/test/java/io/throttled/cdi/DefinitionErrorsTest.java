package io.throttled.cdi;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.throttled.Throttled;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Each kind of bad setting stops the container from starting, naming where, which setting and which value. */
class DefinitionErrorsTest {
    private static final String T = DefinitionErrorsTest.class.getName();

    @AfterEach
    void clearConfig() {
        TestConfig.clear();
    }

    private static void assertBootFails(String message, Class<?>... beans) {
        assertThatThrownBy(() -> {
            try (WeldContainer ignored = ThrottledCdiTest.boot(beans)) {
                // must not get here
            }
        }).hasMessageContaining(message);
    }

    @ApplicationScoped
    public static class BadRate {
        @Throttled(rate = "10/1x")
        public void call() {
        }
    }

    @ApplicationScoped
    public static class BadAlgorithm {
        @Throttled(value = "algo", algorithm = "gcrax", rate = "1/1s")
        public void call() {
        }
    }

    @ApplicationScoped
    public static class BadKey {
        @Throttled(value = "keyed", rate = "1/1s", key = "cookie")
        public void call() {
        }
    }

    @ApplicationScoped
    public static class MissingResolver {
        @Throttled(value = "resolved", rate = "1/1s", key = "bean:nobody")
        public void call() {
        }
    }

    @ApplicationScoped
    public static class WindowThatWaits {
        @Throttled(value = "window-wait", algorithm = "fixed-window", rate = "10/1m", maxWait = "2s")
        public void call() {
        }
    }

    @ApplicationScoped
    public static class NoRate {
        @Throttled("norate")
        public void call() {
        }
    }

    @ApplicationScoped
    public static class ConflictA {
        @Throttled(value = "shared", rate = "10/1s")
        public void call() {
        }
    }

    @ApplicationScoped
    public static class ConflictB {
        @Throttled(value = "shared", rate = "5/1s")
        public void call() {
        }
    }

    @ApplicationScoped
    public static class Fine {
        @Throttled(value = "fine", rate = "10/1s")
        public void call() {
        }
    }

    @Test
    void anInvalidRateNamesClassMethodSettingAndValue() {
        assertBootFails("throttled: @Throttled on " + T + "$BadRate#call (policy '" + T + "$BadRate.call'): "
                + "rate '10/1x': '10/1x' is not a limit: unknown time unit 'x'", BadRate.class);
    }

    @Test
    void aWindowAlgorithmThatWouldWaitStopsTheDeploymentWithTheReason() {
        assertBootFails("(policy 'window-wait'): max-wait '2s'", WindowThatWaits.class);
    }

    @Test
    void anUnknownAlgorithm() {
        assertBootFails("@Throttled on " + T + "$BadAlgorithm#call (policy 'algo'): algorithm 'gcrax': unknown algorithm"
                + " 'gcrax'; allowed: token-bucket, gcra", BadAlgorithm.class);
    }

    @Test
    void anUnknownKeySource() {
        assertBootFails("(policy 'keyed'): key 'cookie': unknown key source 'cookie'; allowed: principal-or-ip",
                BadKey.class);
    }

    @Test
    void aKeyResolverBeanThatDoesNotExist() {
        assertBootFails("(policy 'resolved'): key 'bean:nobody' names no bean; declare a KeyResolver bean with"
                + " @Named(\"nobody\")", MissingResolver.class);
    }

    @Test
    void aPolicyWithoutARateAnywhere() {
        assertBootFails("(policy 'norate'): rate '': at least one limit is required", NoRate.class);
    }

    @Test
    void twoAnnotationsDeclaringOnePolicyDifferently() {
        assertBootFails("policy 'shared' is declared differently by " + T + "$ConflictA#call (rate=10/1s) and by "
                + T + "$ConflictB#call (rate=5/1s); give one of them another name, or move the settings to config",
                ConflictA.class, ConflictB.class);
    }

    @Test
    void aBadValueFromConfigSaysWhichKeySetIt() {
        TestConfig.set("throttled.policy.fine.rate", "ten per second");
        assertBootFails("(policy 'fine'): rate 'ten per second': 'ten per second' is not a limit: expected"
                + " quantity/window; accepted forms: 10/1s, 1000/1h, 60/1m;burst=100, 5/250ms (quantity/window[;burst=n],"
                + " units ms, s, m, h, d) (from throttled.policy.fine.rate)", Fine.class);
    }

    @Test
    void aMisspeltPolicyKey() {
        TestConfig.set("throttled.policy.fine.rat", "5/1s");
        assertBootFails("unknown setting throttled.policy.fine.rat; a policy setting is throttled.policy.<name>.<field>"
                + " with field one of algorithm, rate, burst, refill, key, cost, enforce", Fine.class);
    }

    @Test
    void anInvalidConfigOnlyPolicy() {
        TestConfig.set("throttled.policy.orphan.rate", "5/1s");
        TestConfig.set("throttled.policy.orphan.cost", "-1");
        assertBootFails("policy 'orphan' (config): cost '-1': must be at least 1", Fine.class);
    }

    @Test
    void badGlobalSettings() {
        TestConfig.set("throttled.headers", "both");
        TestConfig.set("throttled.trusted-proxies", "10.0.0.0/33");
        TestConfig.set("throttled.redis.timeout", "fast");
        assertBootFails("throttled.headers='both': 'both' is not a header style; allowed: ietf, legacy, ietf,legacy"
                + " (default) or none", Fine.class);
        assertBootFails("throttled.trusted-proxies: '10.0.0.0/33' is not an IP address or CIDR block", Fine.class);
        TestConfig.set("throttled.redis.url", "redis://localhost:6379");
        assertBootFails("throttled.redis.timeout='fast' is not a duration; e.g. 50ms, 2s, 1m", Fine.class);
    }

    @Test
    void trustedProxiesWithoutTheHeaderTheyWriteStopTheDeployment() {
        TestConfig.set("throttled.trusted-proxies", "10.0.0.0/8");
        assertBootFails("throttled.trusted-proxies.header is not set, but throttled.trusted-proxies is ('10.0.0.0/8')",
                Fine.class);
        TestConfig.set("throttled.trusted-proxies.header", "x-real-ip");
        assertBootFails("throttled.trusted-proxies.header='x-real-ip' is not a forwarding header; allowed:"
                + " x-forwarded-for, forwarded", Fine.class);
    }

    @Test
    void aRedisPasswordWithoutARedisIsNotSilentlyIgnored() {
        TestConfig.set("throttled.redis.password", "secret");
        assertBootFails("throttled.redis.password is set, but no Redis is", Fine.class);
    }
}
