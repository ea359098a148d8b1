package io.throttled.admin;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import java.util.EnumSet;
import java.util.Set;

/**
 * Registers {@link ConsoleHeadersFilter} for the console at {@code /throttled-console/*} (listed in
 * {@code META-INF/services}, so it is found in {@code WEB-INF/lib} with no scanning, no web.xml and no
 * web-fragment, and even when the application's web.xml is {@code metadata-complete}).
 */
public final class ConsoleHeadersInitializer implements ServletContainerInitializer {

    @Override
    public void onStartup(Set<Class<?>> classes, ServletContext context) {
        FilterRegistration.Dynamic filter = context.addFilter("throttled-console-headers", new ConsoleHeadersFilter());
        if (filter != null) {   // null: the application registered one of this name itself
            filter.setAsyncSupported(true);
            filter.addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/throttled-console/*");
        }
    }
}
