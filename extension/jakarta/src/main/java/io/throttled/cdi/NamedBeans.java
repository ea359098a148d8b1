package io.throttled.cdi;

import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.UnsatisfiedResolutionException;
import jakarta.enterprise.inject.literal.NamedLiteral;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;

/**
 * A {@code @Named} bean of the application ({@code key=bean:...}, {@code tier-by=bean:...}). The extension's own
 * view finds it on Liberty and WildFly; on GlassFish and Payara a library jar's bean archive does not see the
 * application's classes, so the bean CDI announced ({@link ThrottledExtension#namedBean}) is referenced instead.
 */
final class NamedBeans {
    private NamedBeans() {
    }

    static <T> T get(Instance<T> extensionView, BeanManager beans, ThrottledExtension extension, Class<T> type, String name) {
        Instance<T> own = extensionView.select(NamedLiteral.of(name));
        if (own.isResolvable()) {
            return own.get();
        }
        Bean<?> bean = extension.namedBean(type, name).orElseThrow(() -> new UnsatisfiedResolutionException(
                "no bean of type " + type.getName() + " named '" + name + "'"));
        return type.cast(beans.getReference(bean, type, beans.createCreationalContext(bean)));
    }
}
