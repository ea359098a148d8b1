package io.throttled.it.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.it.DeploymentFailures;
import io.throttled.it.Deployments;
import io.throttled.it.tiers.TieredApplication;
import io.throttled.it.tiers.TieredResource;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Bad routes and tiers in config stop the deployment, each named with its field, value and reason: a route
 * outside the JAX-RS application's path (its resources are under /api), a malformed template, a tier with a
 * malformed rate, a tier source with no tiers.
 */
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class InvalidRoutesAndTiersTest {
    @Deployment(name = "invalid-routes", managed = false)
    static WebArchive deployment() {
        return Deployments.war("invalid-routes",
                        "throttled.route.assets.path=/static/**",
                        "throttled.route.assets.rate=10/1s",
                        "throttled.route.orders.path=/api/orders/{id",
                        "throttled.route.orders.rate=10/1s",
                        "throttled.policy.plan.rate=1/1m",
                        "throttled.policy.plan.tier-by=role:",
                        "throttled.policy.plan.tier.pro.rate=lots")
                .addClasses(TieredApplication.class, TieredResource.class);
    }

    @ArquillianResource
    Deployer deployer;

    @Test
    void deploymentFailsNamingEveryBadRouteAndTier() {
        assertThat(DeploymentFailures.of(deployer, "invalid-routes"))
                .contains("route 'assets': path '/static/**'", "can never match", "under /api")
                .contains("route 'orders': path '/api/orders/{id'")
                .contains("tier 'plan.tier.pro': rate 'lots'");
    }
}
