package io.throttled.cdi;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import io.throttled.testing.ArchitectureContract;
import org.junit.jupiter.api.Test;

/**
 * The three layers, each its own module, as one picture: arrows point down only (the operator API published for
 * operators' tools, then Jakarta integration, then the Redis store, then the plain-Java stores and keys, then the
 * model), and no two packages reach each other. The model, the
 * in-JVM algorithms and the route matcher stand alone: no Jakarta, no Jedis. MicroProfile OpenAPI
 * is optional: only its own package touches it.
 */
class ArchitectureTest extends ArchitectureContract {
    @Test
    void layersPointDownOnly() {
        layeredArchitecture().consideringOnlyDependenciesInAnyPackage("io.throttled..")
                .layer("Operator API").definedBy("io.throttled.operator..")
                .layer("Jakarta integration").definedBy("io.throttled", "io.throttled.config..", "io.throttled.cdi..",
                        "io.throttled.jaxrs..", "io.throttled.servlet..", "io.throttled.telemetry..", "io.throttled.openapi..")
                .layer("Redis store").definedBy("io.throttled.redis..")
                .layer("Plain stores, keys and routes").definedBy("io.throttled.memory..", "io.throttled.lease..", "io.throttled.resilience..",
                        "io.throttled.key..", "io.throttled.route..")
                .layer("Model").definedBy("io.throttled.core..")
                .whereLayer("Operator API").mayNotBeAccessedByAnyLayer()
                .whereLayer("Jakarta integration").mayOnlyBeAccessedByLayers("Operator API")
                .whereLayer("Redis store").mayOnlyBeAccessedByLayers("Jakarta integration")
                .whereLayer("Plain stores, keys and routes").mayOnlyBeAccessedByLayers("Redis store", "Jakarta integration",
                        "Operator API")
                .check(classes);
    }

    @Test
    void plainPackagesImportNeitherJakartaNorJedis() {
        noClasses().that().resideInAnyPackage("io.throttled.core..", "io.throttled.memory..", "io.throttled.route..")
                .should().dependOnClassesThat().resideInAnyPackage("jakarta..", "javax.enterprise..",
                        "org.eclipse.microprofile..", "io.opentelemetry..", "redis.clients..", "io.throttled.redis..")
                .check(classes);
    }

    @Test
    void thePublicApiPackageDependsOnNoImplementation() {
        noClasses().that().resideInAPackage("io.throttled")
                .should().dependOnClassesThat().resideInAnyPackage("io.throttled.memory..", "io.throttled.redis..",
                        "redis.clients..")
                .check(classes);
    }

    /**
     * An application without MicroProfile OpenAPI must load every class it uses: only the filter's package refers
     * to the API, nothing refers to that package, and its config source (loaded with every application) refers
     * to neither.
     */
    @Test
    void onlyTheOpenApiPackageTouchesTheOptionalOpenApiApi() {
        noClasses().that().resideOutsideOfPackage("io.throttled.openapi..")
                .should().dependOnClassesThat().resideInAnyPackage("org.eclipse.microprofile.openapi..", "io.throttled.openapi..")
                .check(classes);
        noClasses().that().haveFullyQualifiedName("io.throttled.openapi.FilterDefault")
                .should().dependOnClassesThat().resideInAnyPackage("org.eclipse.microprofile.openapi..")
                .orShould().dependOnClassesThat().haveSimpleNameStartingWith("ThrottledOASFilter")
                .check(classes);
    }

    /** An application without the OpenTelemetry API loads nothing that needs it: only the listener's package uses it. */
    @Test
    void onlyTheTelemetryPackageTouchesTheOptionalOpenTelemetryApi() {
        noClasses().that().resideOutsideOfPackage("io.throttled.telemetry..")
                .should().dependOnClassesThat().resideInAnyPackage("io.opentelemetry..")
                .check(classes);
    }
}
