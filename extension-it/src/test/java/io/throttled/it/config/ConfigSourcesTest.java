package io.throttled.it.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.throttled.ThrottledException;
import io.throttled.cdi.OverrideSync;
import io.throttled.cdi.Throttler;
import io.throttled.config.PolicyField;
import io.throttled.it.Deployments;
import io.throttled.it.InContainer;
import jakarta.inject.Inject;
import java.util.Map;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Policies from the deployment's own {@code microprofile-config.properties} and from a custom
 * {@link ConfigSource}, and a runtime override applied while the application is deployed.
 */
@ExtendWith(ArquillianExtension.class)
class ConfigSourcesTest {

    @Deployment
    static WebArchive deployment() {
        return war("config-sources");
    }

    /** A policy in the war's properties file, {@link ConfiguredBean}, and the application's {@link ItConfigSource}. */
    static WebArchive war(String name) {
        return Deployments.war(name, "throttled.policy.from-properties.rate=1/1m")
                .addClasses(InContainer.class, ConfiguredBean.class, ItConfigSource.class)
                .addAsServiceProvider(ConfigSource.class, ItConfigSource.class);
    }

    @Inject
    ConfiguredBean bean;

    @Inject
    Throttler throttler;

    @Inject
    OverrideSync overrides;

    @Test
    void propertiesFileWinsOverTheAnnotation() {
        assertThat(InContainer.policy(throttler, "from-properties").rate()).isEqualTo("1/1m");
        bean.fromProperties();
        assertThatThrownBy(bean::fromProperties).isInstanceOf(ThrottledException.class);
    }

    @Test
    void customConfigSourceDefinesAPolicy() {
        bean.fromSource();
        bean.fromSource();
        assertThatThrownBy(bean::fromSource).isInstanceOf(ThrottledException.class);
        assertThat(InContainer.peek(throttler, "from-source", "global").limit()).hasToString("2/1m");
    }

    @Test
    void runtimeOverrideHoldsWhileDeployed() {
        assertThat(InContainer.policy(throttler, "overridden").rate()).isEqualTo("1/1m");
        overrides.replace("overridden", Map.of(PolicyField.RATE, "3/1m"));
        overrides.reload();
        try {
            assertThat(InContainer.policy(throttler, "overridden").rate()).isEqualTo("3/1m");
            bean.overridden();
            bean.overridden();
            bean.overridden();
            assertThatThrownBy(bean::overridden).isInstanceOf(ThrottledException.class);
        } finally {
            overrides.replace("overridden", Map.of());
            overrides.reload();
        }
        assertThat(InContainer.policy(throttler, "overridden").rate()).isEqualTo("1/1m");
        assertThatThrownBy(bean::overridden).as("the bucket keeps its state: 3 taken, 1 allowed")
                .isInstanceOf(ThrottledException.class);
    }
}
