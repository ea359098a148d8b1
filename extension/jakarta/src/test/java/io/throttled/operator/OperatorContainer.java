package io.throttled.operator;

import io.throttled.Throttled;
import io.throttled.cdi.CurrentCall;
import io.throttled.cdi.RequestDecisions;
import io.throttled.cdi.TestConfig;
import io.throttled.cdi.ThrottledExtension;
import io.throttled.cdi.ThrottledInterceptor;
import io.throttled.cdi.ThrottledProducers;
import io.throttled.config.RuntimeOverrides;
import io.throttled.jaxrs.JaxrsProducers;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;

/** The operator API in a real CDI container (Weld SE), on the in-JVM store, as an operator's tool would inject it. */
final class OperatorContainer {
    private static int containers;

    private OperatorContainer() {
    }

    static WeldContainer boot() {
        return new Weld("throttled-operator-" + ++containers).disableDiscovery()
                .addExtension(new ThrottledExtension())
                .addBeanClasses(ThrottledProducers.class, JaxrsProducers.class, CurrentCall.class, RequestDecisions.class,
                        ThrottledInterceptor.class)
                .addBeanClasses(Policies.class, Routes.class, Buckets.class, CallExplainer.class, ObservedDecisions.class,
                        Fallbacks.class)
                .addBeanClasses(Greeter.class, Tally.class)
                .initialize();
    }

    /** Config and runtime overrides are JVM-wide: each test leaves none behind. */
    static void clear() {
        TestConfig.clear();
        RuntimeOverrides.replaceAll(Map.of());
        Tally.HEARD.clear();
    }

    @ApplicationScoped
    public static class Greeter {
        @Throttled(value = "greet", rate = "3/1d")
        public String greet(String name) {
            return "hello " + name;
        }
    }

    /** An operator's tool that counts decisions. */
    @ApplicationScoped
    public static class Tally implements DecisionObserver {
        static final List<String> HEARD = new CopyOnWriteArrayList<>();

        @Override
        public void decided(String policy, String outcome) {
            HEARD.add(policy + " " + outcome);
        }
    }
}
