package io.throttled.cdi;

import io.throttled.Throttled;
import io.throttled.config.DefinitionProblems;
import io.throttled.config.PolicyDeclaration;
import io.throttled.key.KeyResolver;
import io.throttled.key.TierResolver;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.literal.NamedLiteral;
import jakarta.enterprise.inject.spi.AfterDeploymentValidation;
import jakarta.enterprise.inject.spi.AnnotatedMethod;
import jakarta.enterprise.inject.spi.AnnotatedType;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.BeforeBeanDiscovery;
import jakarta.enterprise.inject.spi.DefinitionException;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;
import jakarta.enterprise.inject.spi.ProcessBean;
import jakarta.enterprise.inject.spi.ProcessManagedBean;
import jakarta.enterprise.inject.spi.WithAnnotations;
import jakarta.interceptor.Interceptor;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Collects every {@link Throttled} class and method when the application deploys, and checks each
 * policy (annotation plus config), every config-only policy and the global settings before the first
 * request: a bad setting stops the deployment with a message naming the class, method, setting and value.
 */
public class ThrottledExtension implements Extension {
    private final List<PolicyDeclaration> declarations = new CopyOnWriteArrayList<>();
    private final List<Class<?>> resourceClasses = new CopyOnWriteArrayList<>();
    private volatile String applicationPath = "/";
    private volatile boolean sawApplicationPath;
    private final Map<String, Bean<?>> namedBeans = new ConcurrentHashMap<>();
    private final Set<Class<?>> resourceBeans = ConcurrentHashMap.newKeySet();

    /**
     * Stops the deployment at once, with what to add, when a required API is missing; then adds the health check
     * only when the application has the API (metrics and OpenTelemetry: {@link MetricsListener} and
     * {@code TelemetryListener}, beans of the extension's archive that name no type of the optional APIs).
     */
    void beforeDiscovery(@Observes BeforeBeanDiscovery event) {
        String missing = RequiredApis.missing(ThrottledExtension.class.getClassLoader());
        if (missing != null) {
            throw new DefinitionException(missing);
        }
        if (available("org.eclipse.microprofile.health.HealthCheck")) {
            event.addAnnotatedType(RedisReadinessCheck.class, RedisReadinessCheck.class.getName())
                    .add(ApplicationScoped.Literal.INSTANCE);
        }
    }

    /**
     * Whether an optional API is visible to the extension's class loader, so that the beans that use it may be added.
     *
     * @param className a class of the API
     * @return true when it loads
     */
    public static boolean available(String className) {
        try {
            Class.forName(className, false, ThrottledExtension.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    void collect(@Observes @WithAnnotations(Throttled.class) ProcessAnnotatedType<?> event) {
        AnnotatedType<?> type = event.getAnnotatedType();
        if (type.isAnnotationPresent(Interceptor.class)) {
            return;   // an interceptor carries the binding it serves
        }
        Class<?> javaClass = type.getJavaClass();
        Throttled onType = javaClass.getDeclaredAnnotation(Throttled.class);
        if (onType != null) {
            declarations.add(PolicyDeclaration.of(onType, javaClass, null));
        }
        for (AnnotatedMethod<?> method : type.getMethods()) {
            Throttled onMethod = method.getJavaMember().getDeclaredAnnotation(Throttled.class);
            if (onMethod != null && method.getJavaMember().getDeclaringClass() == javaClass) {
                declarations.add(PolicyDeclaration.of(onMethod, javaClass, method.getJavaMember()));
            }
        }
    }

    /** Where the JAX-RS resources are: routes must be able to match under it. */
    void applicationPath(@Observes @WithAnnotations(ApplicationPath.class) ProcessAnnotatedType<?> event) {
        ApplicationPath path = event.getAnnotatedType().getJavaClass().getAnnotation(ApplicationPath.class);
        if (path != null) {
            applicationPath = normalise(path.value());
            sawApplicationPath = true;
        }
    }

    /** {@code /api} for {@code api}, {@code /api/} and {@code //api}; {@code /} for the root. */
    static String normalise(String applicationPath) {
        String value = ("/" + applicationPath.trim()).replaceAll("/+", "/");
        return value.length() > 1 && value.endsWith("/") ? value.substring(0, value.length() - 1) : value;
    }

    /** Whether CDI saw the {@code @ApplicationPath} (the Application subclass is a bean of a discovered archive). */
    boolean sawApplicationPath() {
        return sawApplicationPath;
    }

    /** The path the servlet container found when CDI could not ({@link ApplicationPathInitializer}). */
    void applicationPathFromServlet(String path) {
        applicationPath = path;
    }

    /**
     * Every root resource class CDI discovers, for the OpenAPI document: it may be built before JAX-RS has
     * configured a single resource (Open Liberty builds it while the application starts).
     */
    void resources(@Observes @WithAnnotations(Path.class) ProcessAnnotatedType<?> event) {
        Class<?> type = event.getAnnotatedType().getJavaClass();
        if (type.isAnnotationPresent(Path.class) && !type.isInterface()
                && !java.lang.reflect.Modifier.isAbstract(type.getModifiers())) {
            resourceClasses.add(type);
        }
    }

    /**
     * What validation and the request filter need to know of the application's beans, from CDI's announcements: the
     * extension's bean manager does not see the application's beans on GlassFish and Payara (a library's bean archive
     * sees no other there), so asking it would find none. Kept: the {@code @Named} key and tier resolvers, and which
     * resource classes CDI manages (the interceptor then runs around their methods).
     */
    void announced(@Observes ProcessBean<?> event) {
        Bean<?> bean = event.getBean();
        if (bean.getName() != null) {
            for (Class<?> type : List.of(KeyResolver.class, TierResolver.class)) {
                if (bean.getTypes().contains(type)) {
                    namedBeans.put(beanKey(type, bean.getName()), bean);
                }
            }
        }
        if (event instanceof ProcessManagedBean<?> managed && managed.getAnnotatedBeanClass().isAnnotationPresent(Path.class)) {
            resourceBeans.add(bean.getBeanClass());
        }
    }

    /** The application's {@code @Named(name)} bean of this type (a key or tier resolver), as CDI announced it. */
    public Optional<Bean<?>> namedBean(Class<?> type, String name) {
        return Optional.ofNullable(namedBeans.get(beanKey(type, name)));
    }

    /** Whether CDI manages this resource class, as it announced. */
    public boolean isResourceBean(Class<?> type) {
        return resourceBeans.contains(type);
    }

    /**
     * The map's key: a string, not a record, whose generated {@code equals} would keep the last undeployed application
     * alive on Java 17 (JDK-8078641; docs/operations/redeploys.md).
     */
    private static String beanKey(Class<?> type, String name) {
        return type.getName() + '\u0000' + name;
    }

    void validate(@Observes AfterDeploymentValidation event, BeanManager beans) {
        List<String> problems = DefinitionProblems.find(ConfigProvider.getConfig(), declarations,
                name -> namedBeans.containsKey(beanKey(KeyResolver.class, name))
                        || !beans.getBeans(KeyResolver.class, NamedLiteral.of(name)).isEmpty(),
                name -> namedBeans.containsKey(beanKey(TierResolver.class, name))
                        || !beans.getBeans(TierResolver.class, NamedLiteral.of(name)).isEmpty(), applicationPath);
        for (String problem : problems) {
            event.addDeploymentProblem(new DefinitionException("throttled: " + problem));
        }
    }

    /** The JAX-RS application path ({@code @ApplicationPath}), {@code /} when none is annotated. */
    public String applicationPath() {
        return applicationPath;
    }

    /** The root resource classes CDI discovered ({@code @Path} on the class). */
    public List<Class<?>> resourceClasses() {
        return List.copyOf(resourceClasses);
    }

    /** The policies annotations declared. */
    public List<PolicyDeclaration> declarations() {
        return List.copyOf(declarations);
    }
}
