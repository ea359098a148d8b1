package io.throttled.it.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.it.server.DeploymentFailures;
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
 * Definitions that are wrong, in annotations or in config, stop the deployment, and the failure names what is wrong:
 * the declaring method or the setting, the field, the value and the reason. Each case is its own archive, deployed
 * by its test.
 */
@RunAsClient
@ExtendWith(ArquillianExtension.class)
class DefinitionErrorsStopTheDeploymentTest {
    @ArquillianResource
    Deployer deployer;

    @Deployment(name = "invalid-rate", managed = false)
    static WebArchive invalidRate() {
        return Deployments.war("invalid-rate").addClasses(InvalidRateBean.class);
    }

    /** A malformed rate: the message names the method, the field and the value. */
    @Test
    void aMalformedRate() {
        assertThat(DeploymentFailures.of(deployer, "invalid-rate"))
                .contains("@Throttled on " + InvalidRateBean.class.getName() + "#call", "policy 'bad-rate'",
                        "rate '10/1x'", "unknown time unit 'x'");
    }

    @Deployment(name = "invalid-algorithm", managed = false)
    static WebArchive invalidAlgorithm() {
        return Deployments.war("invalid-algorithm").addClasses(InvalidAlgorithmBean.class);
    }

    /** An unknown algorithm: the message names the method, the value and the algorithms allowed. */
    @Test
    void anUnknownAlgorithm() {
        assertThat(DeploymentFailures.of(deployer, "invalid-algorithm"))
                .contains("@Throttled on " + InvalidAlgorithmBean.class.getName() + "#call", "algorithm 'gcrax'",
                        "allowed: token-bucket, gcra, fixed-window");
    }

    @Deployment(name = "invalid-key-resolver", managed = false)
    static WebArchive invalidKeyResolver() {
        return Deployments.war("invalid-key-resolver").addClasses(InvalidKeyResolverBean.class);
    }

    /** A {@code bean:} key source naming no {@code KeyResolver} bean. */
    @Test
    void aKeySourceNamingNoBean() {
        assertThat(DeploymentFailures.of(deployer, "invalid-key-resolver"))
                .contains("@Throttled on " + InvalidKeyResolverBean.class.getName() + "#call",
                        "key 'bean:nobody' names no bean", "@Named(\"nobody\")");
    }

    @Deployment(name = "conflicting-declaration", managed = false)
    static WebArchive conflictingDeclaration() {
        return Deployments.war("conflicting-declaration").addClasses(ConflictingDeclarationBean.class);
    }

    /** Two annotations declaring one policy differently: the message names both methods and values. */
    @Test
    void onePolicyDeclaredDifferentlyTwice() {
        assertThat(DeploymentFailures.of(deployer, "conflicting-declaration"))
                .contains("policy 'shared' is declared differently by " + ConflictingDeclarationBean.class.getName() + "#",
                        "(rate=10/1s)", "(rate=5/1s)");
    }

    @Deployment(name = "invalid-config-key", managed = false)
    static WebArchive invalidConfigKey() {
        return Deployments.war("invalid-config-key", "throttled.policy.spelt.rat=5/1s").addClasses(InvalidConfigKeyBean.class);
    }

    /** A misspelt {@code throttled.policy.*} key, instead of being ignored. */
    @Test
    void aMisspeltConfigKey() {
        assertThat(DeploymentFailures.of(deployer, "invalid-config-key"))
                .contains("unknown setting throttled.policy.spelt.rat",
                        "field one of algorithm, rate, burst, refill, key, cost, enforce");
    }

    @Deployment(name = "invalid-routes", managed = false)
    static WebArchive invalidRoutesAndTiers() {
        return Deployments.war("invalid-routes",
                        "throttled.route.orders.path=/api/orders/{id",
                        "throttled.route.orders.rate=10/1s",
                        "throttled.policy.plan.rate=1/1m",
                        "throttled.policy.plan.tier-by=role:",
                        "throttled.policy.plan.tier.pro.rate=lots")
                .addClasses(TieredApplication.class, TieredResource.class);
    }

    /** Bad routes and tiers in config, each named with its field, value and reason: a malformed template, a tier's rate. */
    @Test
    void badRoutesAndTiers() {
        assertThat(DeploymentFailures.of(deployer, "invalid-routes"))
                .contains("route 'orders': path '/api/orders/{id'")
                .contains("tier 'plan.tier.pro': rate 'lots'");
    }

    @Deployment(name = "route-outside-application", managed = false)
    static WebArchive routeOutsideTheApplication() {
        return Deployments.war("route-outside-application",
                        "throttled.route.assets.path=/static/**",
                        "throttled.route.assets.rate=10/1s",
                        "throttled.policy.plan.rate=1/1m")
                .addClasses(TieredApplication.class, TieredResource.class);
    }

    /**
     * A route outside the JAX-RS application's path (its resources are under /api) can never match. Where the
     * Application subclass is no CDI bean (WildFly, Payara), the servlet container tells the path, and the check
     * stops the deployment there: the message is the same.
     */
    @Test
    void aRouteThatCanNeverMatch() {
        assertThat(DeploymentFailures.of(deployer, "route-outside-application"))
                .contains("route 'assets': path '/static/**'", "can never match", "under /api");
    }
}
