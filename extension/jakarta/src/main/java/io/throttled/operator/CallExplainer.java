package io.throttled.operator;

import io.throttled.cdi.PlannedCheck;
import io.throttled.config.ThrottledSettings;
import io.throttled.jaxrs.Explainer;
import io.throttled.key.ClientIpResolver;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import java.util.Locale;

/**
 * Which policies, tiers and keys a request would meet, consuming nothing: planned by the same code as the filters, so
 * what it says is what they do. A CDI bean: inject it.
 */
@Dependent
public final class CallExplainer {
    private final Explainer explainer;
    private final ClientIpResolver ips;

    @Inject
    CallExplainer(Explainer explainer, ThrottledSettings settings) {
        this.explainer = explainer;
        this.ips = new ClientIpResolver(settings.trustedProxies(), settings.ipv6PrefixLength());
    }

    /**
     * What a request would meet: the routes its method and path match, then the policy of the resource method it
     * reaches; for each the caller's tier, key and exemption.
     *
     * @param method the HTTP method, in any case
     * @param path   the request path under the context root, such as {@code /api/orders/7}
     * @param caller who calls
     * @return the policies in the order they would be decided
     * @throws IllegalArgumentException when the path does not start with {@code /}
     */
    public Explanation explain(String method, String path, Caller caller) {
        if (path == null || !path.startsWith("/")) {
            throw new IllegalArgumentException("path '" + path + "' must start with /");
        }
        DescribedCall call = new DescribedCall(caller);
        String httpMethod = method.trim().toUpperCase(Locale.ROOT);
        Explainer.Explanation explanation = explainer.explain(httpMethod, path, call);
        return new Explanation(httpMethod, path, explanation.resourceMethod(), explanation.template(),
                ips.clientIp(call).orElse(null), explanation.checks().stream().map(CallExplainer::check).toList());
    }

    private static Explanation.Check check(PlannedCheck c) {
        return new Explanation.Check(c.origin(), c.policy().policy().name(), c.policy().rules().count().toString(),
                c.tier(), c.bucketPolicy(), c.applied().rules().unlimited(), c.key(), c.exemptBy());
    }
}
