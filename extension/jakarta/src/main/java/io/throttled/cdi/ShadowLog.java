package io.throttled.cdi;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import io.throttled.core.Decision;
import io.throttled.core.LogText;
import io.throttled.core.Policy;
import java.time.Duration;

/**
 * Logs what shadow-mode policies would have denied: at most once per key per window of the deciding limit,
 * so a flood costs one line per client and window, not one per call.
 */
public final class ShadowLog {
    private static final System.Logger LOG = System.getLogger(ShadowLog.class.getName());

    private final Cache<String, Duration> logged = Caffeine.newBuilder()
            .maximumSize(10_000)
            .expireAfter(Expiry.creating((String key, Duration window) -> window))
            .executor(Runnable::run)   // maintenance on the caller, never on the JVM-wide common pool
            .build();

    /** Returns whether this call was logged (false: already logged in this window). */
    public boolean wouldHaveDenied(Policy policy, String key, Decision decision) {
        String id = policy.name() + "\u0000" + key;
        if (logged.asMap().putIfAbsent(id, decision.limit().window()) != null) {
            return false;
        }
        LOG.log(System.Logger.Level.INFO, "throttled: shadow mode: policy ''{0}'' would deny key ''{1}'' ({2},"
                + " retry in {3} ms); the call proceeds", policy.name(), LogText.of(key), decision.limit(), decision.retryAfterMillis());
        return true;
    }
}
