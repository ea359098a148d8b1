package io.throttled.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.throttled.testing.PackageSlices;
import org.junit.jupiter.api.Test;

/**
 * The plain-Java layer: the model, the in-JVM algorithms, keys, routes and leases. Its build has neither Jakarta
 * nor a Redis client on the class path, so the compiler already refuses them; these rules keep its packages
 * acyclic and the model (core) free of the stores built on it.
 */
class CoreArchitectureTest {
    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.throttled");

    @Test
    void noPackageCycle() {
        slices().assignedFrom(new PackageSlices()).should().beFreeOfCycles().check(classes);
    }

    @Test
    void theModelKnowsNoStore() {
        noClasses().that().resideInAPackage("io.throttled.core")
                .should().dependOnClassesThat().resideInAnyPackage("io.throttled.memory..", "io.throttled.lease..",
                        "io.throttled.key..", "io.throttled.route..")
                .check(classes);
    }
}
