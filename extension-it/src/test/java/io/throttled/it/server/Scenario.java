package io.throttled.it.server;

/** What some tests need of a server beyond the extension's required APIs; a server may lack one, with a reason. */
public enum Scenario {
    /** A second server with only the README's minimal features (Liberty's {@code minimal} container). */
    MINIMAL_SERVER,
    /** A server without MicroProfile Config, where a deployment must fail naming it. */
    SERVER_WITHOUT_MP_CONFIG,
    /** A server with container authentication off, where the admin API must refuse everything. */
    SERVER_WITHOUT_AUTHENTICATION,
    /** MicroProfile JWT with the suite's test issuer and key. */
    MP_JWT,
    /** MicroProfile Telemetry and Metrics, with the suite's recording exporters. */
    MP_TELEMETRY,
    /** MicroProfile Rest Client. */
    MP_REST_CLIENT,
    /** Jakarta Concurrency's managed scheduled executor, for waits without a thread. */
    MANAGED_SCHEDULER,
    /**
     * A resource class without a bean-defining annotation is a CDI bean, so the interceptor runs around its methods
     * (Liberty and WildFly make every resource class one; an annotated class is one everywhere).
     */
    UNANNOTATED_RESOURCES_ARE_BEANS,
    /** The sample application (sample-war), built for Open Liberty, deploys on the {@code full} server. */
    SAMPLE_APPLICATION,
    /** A JVM the suite can inspect with jcmd (heap histogram, class loaders, threads). */
    INSPECTABLE_JVM
}
