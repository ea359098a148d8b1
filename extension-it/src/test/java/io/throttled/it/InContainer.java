package io.throttled.it;

import io.throttled.cdi.Throttler;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import java.util.Set;
import org.eclipse.microprofile.config.ConfigProvider;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;

/** What in-container tests look at: a policy's state by a peek, and the keys the deployment wrote to Redis. */
public final class InContainer {
    private InContainer() {
    }

    /** The bucket's state by a peek (cost 0), which consumes nothing. */
    public static Decision peek(Throttler throttler, String policy, String key) {
        return throttler.limiter().acquire(policy(throttler, policy), key, 0);
    }

    public static Policy policy(Throttler throttler, String name) {
        return throttler.policies().resolve(name)
                .orElseThrow(() -> new AssertionError("no policy named " + name)).policy();
    }

    /** The deployment's keys in Redis that match {@code <prefix><pattern>}. */
    public static Set<String> redisKeys(String pattern) {
        String url = ConfigProvider.getConfig().getValue("throttled.redis.url", String.class);
        String prefix = ConfigProvider.getConfig().getValue("throttled.key-prefix", String.class);
        java.net.URI uri = java.net.URI.create(url);
        try (Jedis jedis = new Jedis(uri.getHost(), uri.getPort())) {
            return Set.copyOf(jedis.scan("0", new ScanParams().match(prefix + pattern).count(1000)).getResult());
        }
    }
}
