package io.throttled.openapi;

import io.throttled.cdi.ThrottledExtension;
import io.throttled.config.PolicyRegistry;
import io.throttled.config.RouteRegistry;
import io.throttled.config.RuntimeOverrides;
import io.throttled.config.StoredOverrides;
import io.throttled.config.ThrottledSettings;
import io.throttled.redis.JedisScripting;
import io.throttled.redis.RedisConnections;
import io.throttled.redis.RedisOverrideStore;
import jakarta.enterprise.inject.spi.CDI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The application's limits as its OpenAPI document is built: settings, policies and routes from config and the
 * runtime overrides stored in Redis, and what the CDI extension collected when the application deployed (the
 * policies annotations declare, the root resource classes, the JAX-RS application path).
 *
 * <p>Built from fresh objects, not the application's beans: Open Liberty builds the document while the
 * application starts, on its own thread, before the extension has read the overrides or JAX-RS has seen a
 * resource.
 */
final class ApplicationLimits {
    private static final System.Logger LOG = System.getLogger(ApplicationLimits.class.getName());

    private ApplicationLimits() {
    }

    /** What to add to the document, or empty when {@code throttled.openapi=false}. */
    static Optional<LimitedOperations> of(ClassLoader application) {
        Config config = ConfigProvider.getConfig(application);
        ThrottledSettings settings = ThrottledSettings.read(config);
        if (!settings.openApi()) {
            return Optional.empty();
        }
        ThrottledExtension extension = extension();
        String applicationPath = extension == null ? "/" : extension.applicationPath();
        PolicyRegistry policies = new PolicyRegistry(config, extension == null ? List.of() : extension.declarations());
        RouteRegistry routes = new RouteRegistry(config, applicationPath);
        loadStoredOverrides(settings, new StoredOverrides(policies, routes));
        ResourceOperations resources = ResourceOperations.of(applicationPath,
                extension == null ? List.of() : extension.resourceClasses());
        PolicyCoverage coverage = new PolicyCoverage(policies, routes.table(), resources);
        return Optional.of(new LimitedOperations(coverage, new RateLimitComponents(settings.headers())));
    }

    /**
     * Copies the overrides stored in Redis into {@link RuntimeOverrides} as the extension does when it starts,
     * moments later, so the document shows the limits in force, not only config's: admitted by the same
     * {@link StoredOverrides} (policy and route fields only, each set valid as a whole), never copied as they are,
     * since what Redis holds is data.
     */
    private static void loadStoredOverrides(ThrottledSettings settings, StoredOverrides admission) {
        if (settings.redis().isEmpty()) {
            return;
        }
        try (JedisScripting redis = RedisConnections.scripting(settings.redis().get())) {
            Map<String, String> stored = new RedisOverrideStore(redis.client(), redis, settings.keyPrefix()).load();
            RuntimeOverrides.replaceAll(admission.admit(stored, RuntimeOverrides.snapshot()));
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "throttled: the OpenAPI document shows the limits of config and"
                    + " annotations: the runtime overrides could not be read from Redis ({0})", e.toString());
        }
    }

    /** The CDI extension of this application; null when CDI has not started it (the document has routes only). */
    private static ThrottledExtension extension() {
        try {
            return CDI.current().getBeanManager().getExtension(ThrottledExtension.class);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "throttled: the OpenAPI document was built before CDI started, so it"
                    + " documents the route policies only, not @Throttled resource methods ({0})", e.toString());
            return null;
        }
    }
}
