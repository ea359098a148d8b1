package io.throttled.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import io.throttled.testing.ArchitectureContract;
import org.junit.jupiter.api.Test;

/**
 * The plain-Java layer: the model, the in-JVM algorithms, keys, routes and leases. Its build has neither Jakarta
 * nor a Redis client on the class path, so the compiler already refuses them; these rules keep its packages
 * acyclic and the model (core) free of the stores built on it.
 */
class CoreArchitectureTest extends ArchitectureContract {

    @Test
    void theModelKnowsNoStore() {
        noClasses().that().resideInAPackage("io.throttled.core")
                .should().dependOnClassesThat().resideInAnyPackage("io.throttled.memory..", "io.throttled.lease..",
                        "io.throttled.key..", "io.throttled.route..")
                .check(classes);
    }
}
