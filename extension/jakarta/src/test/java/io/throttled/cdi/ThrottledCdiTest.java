package io.throttled.cdi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.throttled.Throttled;
import io.throttled.ThrottledException;
import io.throttled.config.PolicyRegistry;
import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.core.RateLimiter;
import io.throttled.key.CallContext;
import io.throttled.key.KeyResolver;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.control.RequestContextController;
import jakarta.inject.Named;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The interceptor, config resolution and deploy-time validation in a real CDI container (Weld SE). */
class ThrottledCdiTest {
    private static int containers;

    @AfterEach
    void clearConfig() {
        TestConfig.clear();
    }

    static WeldContainer boot(Class<?>... beans) {
        return new Weld("throttled-test-" + ++containers).disableDiscovery()
                .addExtension(new ThrottledExtension())
                .addBeanClasses(ThrottledProducers.class, CurrentCall.class, RequestDecisions.class,
                        ThrottledInterceptor.class)
                .addBeanClasses(beans)
                .initialize();
    }

    @ApplicationScoped
    public static class Greeter {
        @Throttled(value = "greet", rate = "3/1d")
        public String greet(String name) {
            return "hello " + name;
        }

        public String unthrottled() {
            return "free";
        }
    }

    @ApplicationScoped
    @Throttled(rate = "2/1d")
    public static class WholeClass {
        public String a() {
            return "a";
        }

        public String b() {
            return "b";
        }
    }

    @ApplicationScoped
    public static class ConfigOnly {
        @Throttled("configured")
        public String call() {
            return "ok";
        }
    }

    @ApplicationScoped
    public static class Shadow {
        @Throttled(value = "shadow", rate = "1/1d", enforce = false)
        public String call() {
            return "ran";
        }
    }

    @ApplicationScoped
    public static class Tenants {
        @Throttled(value = "tenants", rate = "1/1d", key = "bean:tenant")
        public String call() {
            return "ok";
        }
    }

    @ApplicationScoped
    @Named("tenant")
    public static class TenantKey implements KeyResolver {
        static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

        @Override
        public String resolve(CallContext call) {
            return CURRENT.get();
        }
    }

    @ApplicationScoped
    public static class PatientCaller {
        @Throttled(value = "patient", algorithm = "gcra", rate = "1/200ms", maxWait = "5s")
        public String call() {
            return "done";
        }

        @Throttled(value = "impatient", algorithm = "gcra", rate = "1/1d", maxWait = "100ms")
        public String tooFar() {
            return "done";
        }
    }

    @Test
    void aCallWithinMaxWaitWaitsForItsSlotInsteadOfFailing() {
        try (WeldContainer cdi = boot(PatientCaller.class)) {
            PatientCaller caller = cdi.select(PatientCaller.class).get();
            long start = System.nanoTime();
            for (int i = 0; i < 3; i++) {
                assertThat(caller.call()).isEqualTo("done");   // without max-wait, the second would throw
            }
            // two slots of 200 ms each were waited for (the waiter sleeps exactly its reservation's wait)
            assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(350);

            assertThat(caller.tooFar()).isEqualTo("done");
            ThrottledException denied = catchThrowableOfType(ThrottledException.class, caller::tooFar);
            assertThat(denied.decision().allowed()).isFalse();   // a slot a day away is beyond 100 ms: denied at once
        }
    }

    @Test
    void theInterceptorDeniesAMethodBeyondItsLimit() {
        try (WeldContainer cdi = boot(Greeter.class)) {
            Greeter greeter = cdi.select(Greeter.class).get();
            for (int i = 0; i < 3; i++) {
                assertThat(greeter.greet("ann")).isEqualTo("hello ann");
            }

            ThrottledException denied = catchThrowableOfType(ThrottledException.class, () -> greeter.greet("ann"));

            assertThat(denied.decision().policy()).isEqualTo("greet");
            assertThat(denied.decision().allowed()).isFalse();
            assertThat(denied.retryAfterMillis()).isPositive();
            assertThat(denied).hasMessageStartingWith("rate limit of policy 'greet' (3/1d) exceeded; retry in");
            assertThat(greeter.unthrottled()).isEqualTo("free");
        }
    }

    @Test
    void aClassAnnotationGivesAllItsMethodsOnePolicy() {
        try (WeldContainer cdi = boot(WholeClass.class)) {
            WholeClass bean = cdi.select(WholeClass.class).get();
            assertThat(bean.a()).isEqualTo("a");
            assertThat(bean.b()).isEqualTo("b");

            ThrottledException denied = catchThrowableOfType(ThrottledException.class, bean::a);

            assertThat(denied.decision().policy()).isEqualTo(WholeClass.class.getName());
        }
    }

    @Test
    void configOverridesTheAnnotation() {
        TestConfig.set("throttled.policy.greet.rate", "1/1d");
        try (WeldContainer cdi = boot(Greeter.class)) {
            Greeter greeter = cdi.select(Greeter.class).get();
            greeter.greet("a");

            assertThatThrownBy(() -> greeter.greet("a")).isInstanceOf(ThrottledException.class);
            var settings = cdi.select(PolicyRegistry.class).get().resolve("greet").orElseThrow().settings();
            assertThat(settings.get(io.throttled.config.PolicyField.RATE).source().label()).isEqualTo("config");
            assertThat(settings.get(io.throttled.config.PolicyField.RATE).origin()).isEqualTo("test-config");
            assertThat(settings.get(io.throttled.config.PolicyField.ALGORITHM).source().label()).isEqualTo("default");
        }
    }

    @Test
    void aPolicyMayTakeAllItsSettingsFromConfig() {
        TestConfig.set("throttled.policy.configured.rate", "2/1d");
        TestConfig.set("throttled.policy.configured.algorithm", "fixed-window");
        TestConfig.set("throttled.policy.standalone.rate", "5/1s");
        try (WeldContainer cdi = boot(ConfigOnly.class)) {
            ConfigOnly bean = cdi.select(ConfigOnly.class).get();
            bean.call();
            bean.call();

            ThrottledException denied = catchThrowableOfType(ThrottledException.class, bean::call);
            assertThat(denied.decision().limit()).hasToString("2/1d");
            PolicyRegistry registry = cdi.select(PolicyRegistry.class).get();
            assertThat(registry.names()).contains("configured", "standalone");
            assertThat(registry.resolve("standalone").orElseThrow().policy().rate()).isEqualTo("5/1s");
        }
    }

    @Test
    void shadowModeNeverBlocksAndLogsOncePerKeyAndWindow() {
        List<LogRecord> logged = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger logger = Logger.getLogger(ShadowLog.class.getName());
        logger.addHandler(capture);
        try (WeldContainer cdi = boot(Shadow.class)) {
            Shadow bean = cdi.select(Shadow.class).get();
            for (int i = 0; i < 10; i++) {
                assertThat(bean.call()).isEqualTo("ran");
            }
            RateLimiter limiter = cdi.select(RateLimiter.class).get();
            Policy policy = cdi.select(PolicyRegistry.class).get().resolve("shadow").orElseThrow().policy();
            assertThat(limiter.acquire(policy, "anonymous", 0).remaining()).as("it did decide").isZero();
        } finally {
            logger.removeHandler(capture);
        }
        assertThat(logged).hasSize(1);
        assertThat(logged.get(0).getMessage()).contains("shadow mode: policy ''{0}'' would deny");
    }

    @Test
    void anInvocationTheFilterAlreadyDecidedForIsCountedOnce() throws Exception {
        try (WeldContainer cdi = boot(Greeter.class)) {
            Greeter greeter = cdi.select(Greeter.class).get();
            RequestContextController request = cdi.select(RequestContextController.class).get();
            RateLimiter limiter = cdi.select(RateLimiter.class).get();
            Policy greet = cdi.select(PolicyRegistry.class).get().resolve("greet").orElseThrow().policy();
            request.activate();
            try {
                // what the JAX-RS filter does when it decides for this resource method
                Decision byFilter = limiter.acquire(greet, "anonymous");
                cdi.select(RequestDecisions.class).get().decidedByFilter(Greeter.class.getMethod("greet", String.class));

                greeter.greet("once");

                assertThat(limiter.acquire(greet, "anonymous", 0).remaining()).isEqualTo(byFilter.remaining());
                greeter.greet("again");   // a second invocation in the same request is a new call
                assertThat(limiter.acquire(greet, "anonymous", 0).remaining()).isEqualTo(byFilter.remaining() - 1);
                assertThat(cdi.select(RequestDecisions.class).get().outcomes()).hasSize(1);
            } finally {
                request.deactivate();
            }
        }
    }

    @Test
    void aKeyResolverBeanKeysTheBuckets() {
        try (WeldContainer cdi = boot(Tenants.class, TenantKey.class)) {
            Tenants bean = cdi.select(Tenants.class).get();
            TenantKey.CURRENT.set("acme");
            bean.call();
            assertThatThrownBy(bean::call).isInstanceOf(ThrottledException.class);
            TenantKey.CURRENT.set("globex");
            assertThat(bean.call()).isEqualTo("ok");
        } finally {
            TenantKey.CURRENT.remove();
        }
    }
}
