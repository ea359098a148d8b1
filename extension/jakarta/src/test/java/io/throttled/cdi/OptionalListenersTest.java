package io.throttled.cdi;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.Throttled;
import io.throttled.telemetry.TelemetryListener;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.context.NormalScope;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Stereotype;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessSyntheticAnnotatedType;
import jakarta.inject.Scope;
import java.lang.annotation.Annotation;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Timer;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The listeners of the optional APIs are beans of the extension's own archive, which name no type of those APIs; an
 * annotated type the extension adds is one the container's scan of that archive finds too. Payara puts a type an
 * extension adds that no scanned archive holds as a bean class into a bean archive of its own, which sees no other:
 * its injection points were unsatisfied there (WELD-001408 for the backend and the limiter) and the application did
 * not deploy.
 */
class OptionalListenersTest {
    private static int containers;

    @AfterEach
    void clearConfig() {
        TestConfig.clear();
        CountingRegistry.counts.clear();
    }

    @ApplicationScoped
    public static class Greeter {
        @Throttled(value = "greet", rate = "3/1d")
        public String greet() {
            return "hello";
        }
    }

    /** What the server's MicroProfile Metrics does: the application's registry as a bean (counters that count). */
    @ApplicationScoped
    public static class CountingRegistry {
        static final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();

        @Produces
        MetricRegistry registry() {
            return proxy(MetricRegistry.class, (method, args) -> switch (method) {
                case "counter" -> counter(((Metadata) args[0]).getName());
                case "timer" -> proxy(Timer.class, (m, a) -> null);
                default -> null;
            });
        }

        private static Counter counter(String name) {
            AtomicLong count = counts.computeIfAbsent(name, n -> new AtomicLong());
            return proxy(Counter.class, (method, args) -> switch (method) {
                case "inc" -> {
                    count.addAndGet(args == null ? 1 : (Long) args[0]);
                    yield null;
                }
                case "getCount" -> count.get();
                default -> null;
            });
        }

        private static <T> T proxy(Class<T> type, java.util.function.BiFunction<String, Object[], Object> answer) {
            return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                    (self, method, args) -> answer.apply(method.getName(), args)));
        }
    }

    /** Records the annotated types an extension adds (the container fires this event for each). */
    public static class AddedTypes implements Extension {
        static final List<Class<?>> added = new CopyOnWriteArrayList<>();

        void added(@Observes ProcessSyntheticAnnotatedType<?> event) {
            if (event.getSource() instanceof ThrottledExtension) {
                added.add(event.getAnnotatedType().getJavaClass());
            }
        }
    }

    private static WeldContainer boot(Class<?>... beans) {
        return new Weld("throttled-listeners-" + ++containers).disableDiscovery()
                .addExtension(new ThrottledExtension())
                .addExtension(new AddedTypes())
                .addBeanClasses(ThrottledProducers.class, CurrentCall.class, RequestDecisions.class,
                        ThrottledInterceptor.class, MetricsListener.class, TelemetryListener.class)
                .addBeanClasses(beans)
                .initialize();
    }

    @Test
    void decisionsAreCountedInTheApplicationsMetricRegistry() {
        try (WeldContainer cdi = boot(Greeter.class, CountingRegistry.class)) {
            Greeter greeter = cdi.select(Greeter.class).get();
            greeter.greet();
            greeter.greet();

            assertThat(cdi.select(MetricsListener.class).get().counting()).isTrue();
            assertThat(CountingRegistry.counts.get(MetricNames.DECISIONS)).hasValue(2);
        }
    }

    @Test
    void withTheApiButNoRegistryNothingIsCountedAndCallsStillDecide() {
        try (WeldContainer cdi = boot(Greeter.class)) {
            Greeter greeter = cdi.select(Greeter.class).get();
            greeter.greet();

            assertThat(cdi.select(MetricsListener.class).get().counting()).isFalse();
        }
    }

    @Test
    void everyTypeTheExtensionAddsIsABeanClassOfItsArchiveByItsOwnAnnotations() {
        AddedTypes.added.clear();
        try (WeldContainer cdi = boot(Greeter.class)) {
            assertThat(AddedTypes.added).allSatisfy(type -> assertThat(definesBean(type))
                    .as("%s must carry a bean-defining annotation: a container that scans the archive by annotations"
                            + " (Payara) then knows the archive it belongs to", type.getName())
                    .isTrue());
        }
    }

    private static boolean definesBean(Class<?> type) {
        for (Annotation annotation : type.getAnnotations()) {
            Class<? extends Annotation> kind = annotation.annotationType();
            if (kind == Dependent.class || kind.isAnnotationPresent(NormalScope.class)
                    || kind.isAnnotationPresent(Scope.class) || kind.isAnnotationPresent(Stereotype.class)) {
                return true;
            }
        }
        return false;
    }
}
