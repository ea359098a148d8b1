package io.throttled.cdi;

import io.throttled.config.RouteRegistry;
import jakarta.enterprise.inject.spi.CDI;
import jakarta.enterprise.inject.spi.DefinitionException;
import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import jakarta.servlet.annotation.HandlesTypes;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Finds the JAX-RS application path where CDI could not: an {@code Application} subclass without a bean-defining
 * annotation is no bean in an archive whose discovery is {@code annotated} (CDI 4's default for an empty beans.xml),
 * so {@link ThrottledExtension} never sees its {@code @ApplicationPath} on WildFly and Payara. The servlet container
 * hands every class so annotated to this initializer; with the path known, a route that can never match under it
 * stops the deployment here, as it does in CDI's validation where CDI sees the path. Listed in
 * {@code META-INF/services}.
 */
@HandlesTypes(ApplicationPath.class)
public final class ApplicationPathInitializer implements ServletContainerInitializer {

    @Override
    public void onStartup(Set<Class<?>> classes, ServletContext context) {
        Optional<String> path = classes == null ? Optional.empty() : classes.stream()
                .filter(Application.class::isAssignableFrom)
                .map(type -> type.getAnnotation(ApplicationPath.class)).filter(a -> a != null)
                .map(a -> ThrottledExtension.normalise(a.value())).findFirst();
        ThrottledExtension extension = extension();
        if (path.isEmpty() || extension == null || extension.sawApplicationPath()) {
            return;
        }
        extension.applicationPathFromServlet(path.get());
        List<String> problems = new RouteRegistry(ConfigProvider.getConfig(), path.get()).problems();
        if (!problems.isEmpty()) {
            throw new DefinitionException("throttled: " + String.join("; ", problems));
        }
    }

    private static ThrottledExtension extension() {
        try {
            return CDI.current().getBeanManager().getExtension(ThrottledExtension.class);
        } catch (RuntimeException noCdiHere) {   // not a CDI application, or the extension is not registered in it
            return null;
        }
    }
}
