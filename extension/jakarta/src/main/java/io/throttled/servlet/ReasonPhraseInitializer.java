package io.throttled.servlet;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import java.util.EnumSet;
import java.util.Set;

/**
 * Registers {@link ReasonPhraseFilter} for every request of the application (listed in
 * {@code META-INF/services}, so it needs no scanning and no web.xml).
 */
public final class ReasonPhraseInitializer implements ServletContainerInitializer {

    @Override
    public void onStartup(Set<Class<?>> classes, ServletContext context) {
        FilterRegistration.Dynamic filter = context.addFilter("throttled-reason-phrase", new ReasonPhraseFilter());
        if (filter != null) {   // null: the application registered one of this name itself
            filter.setAsyncSupported(true);
            filter.addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST, DispatcherType.ASYNC), false, "/*");
        }
    }
}
