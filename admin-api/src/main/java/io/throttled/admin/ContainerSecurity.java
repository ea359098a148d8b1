package io.throttled.admin;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.AfterDeploymentValidation;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.DeploymentException;
import jakarta.enterprise.inject.spi.Extension;

/**
 * What the admin API needs of the server, checked when the application deploys: Jakarta JSON Processing (without
 * it no admin call could answer, so the deployment stops, naming the feature), and container authentication
 * (without it the application still deploys, the API refuses every call, and this says so once, naming the
 * feature to add). Registered in {@code META-INF/services}.
 */
public final class ContainerSecurity implements Extension {
    /** What to change, in every message that finds the server authenticating nobody. */
    static final String HOW_TO_ENABLE = "On Open Liberty add the appSecurity-5.0 feature with a user registry and bind"
            + " role " + OperatorGuard.ROLE + " to your operators; on WildFly add a login-config (BASIC, realm"
            + " ApplicationRealm) to web.xml and give operators the role with add-user.sh -a -g " + OperatorGuard.ROLE
            + "; see docs/guide/servers.md.";
    private static final System.Logger LOG = System.getLogger(ContainerSecurity.class.getName());
    private static final String JSON_PROVIDER = "jakarta.json.spi.JsonProvider";
    private static final String SECURITY_CONTEXT = "jakarta.security.enterprise.SecurityContext";

    void requireJsonProcessing(@Observes AfterBeanDiscovery event) {
        try {
            Class<?> provider = Class.forName(JSON_PROVIDER, true, ContainerSecurity.class.getClassLoader());
            provider.getMethod("provider").invoke(null);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            event.addDefinitionError(new DeploymentException("throttled-admin-api reads and writes JSON with Jakarta JSON"
                    + " Processing, which this server does not provide (" + e + "): on Open Liberty add the jsonp-2.1"
                    + " feature, or leave throttled-admin-api out of the application"));
        }
    }

    void warnWithoutAuthentication(@Observes AfterDeploymentValidation event, BeanManager beans) {
        if (!authenticates(beans)) {
            LOG.log(System.Logger.Level.WARNING, "throttled admin API: this server has no container authentication"
                    + " (Jakarta Security is not available), so the admin API refuses every call (401). " + HOW_TO_ENABLE);
        }
    }

    /** Whether Jakarta Security is on: its {@code SecurityContext} is a bean (on Liberty only with appSecurity). */
    static boolean authenticates(BeanManager beans) {
        try {
            Class<?> context = Class.forName(SECURITY_CONTEXT, false, ContainerSecurity.class.getClassLoader());
            return !beans.getBeans(context).isEmpty();
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
