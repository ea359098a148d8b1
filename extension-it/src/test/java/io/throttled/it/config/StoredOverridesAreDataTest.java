package io.throttled.it.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.cdi.OverrideSync;
import io.throttled.cdi.Throttler;
import io.throttled.it.InContainer;
import jakarta.inject.Inject;
import java.net.URI;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/**
 * Whoever writes into the overrides hash in Redis directly (no admin API) changes no MicroProfile Config name outside
 * the extension's policies and routes, and no policy to a value the admin API would refuse.
 */
@ExtendWith(ArquillianExtension.class)
class StoredOverridesAreDataTest {

    @Deployment
    static WebArchive deployment() {
        return ConfigSourcesTest.war("stored-overrides");
    }

    @Inject
    Throttler throttler;

    @Inject
    OverrideSync overrides;

    private static Jedis redis() {
        URI uri = URI.create(ConfigProvider.getConfig().getValue("throttled.redis.url", String.class));
        return new Jedis(uri.getHost(), uri.getPort());
    }

    private static String hash() {
        return ConfigProvider.getConfig().getValue("throttled.key-prefix", String.class) + "overrides";
    }

    @AfterEach
    void clean() {
        try (Jedis jedis = redis()) {
            jedis.del(hash());
        }
        overrides.reload();
    }

    @Test
    void aNameOutsideThePoliciesAndRoutesIsNotVisibleThroughConfigProvider() {
        try (Jedis jedis = redis()) {
            jedis.hset(hash(), "mp.jwt.verify.publickey.location", "https://attacker.example/key.pem");
            jedis.hset(hash(), "throttled.redis.failure-mode", "open");
            jedis.hset(hash(), "throttled.policy.from-properties.rate", "2/1m");
        }
        overrides.reload();

        assertThat(ConfigProvider.getConfig().getOptionalValue("mp.jwt.verify.publickey.location", String.class)).isEmpty();
        // the deployment's own value (Deployments sets closed), not the one written into Redis
        assertThat(ConfigProvider.getConfig().getValue("throttled.redis.failure-mode", String.class)).isEqualTo("closed");
        // the policy field next to them is served: the source works, and filters
        assertThat(InContainer.policy(throttler, "from-properties").rate()).isEqualTo("2/1m");
    }

    @Test
    void anInvalidPolicyValueLeavesThePolicyAsItWas() {
        try (Jedis jedis = redis()) {
            jedis.hset(hash(), "throttled.policy.from-properties.rate", "lots");
        }
        overrides.reload();

        assertThat(InContainer.policy(throttler, "from-properties").rate()).isEqualTo("1/1m");
        assertThat(ConfigProvider.getConfig().getValue("throttled.policy.from-properties.rate", String.class))
                .isEqualTo("1/1m");
    }
}
