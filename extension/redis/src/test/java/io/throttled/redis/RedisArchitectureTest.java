package io.throttled.redis;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.throttled.testing.PackageSlices;
import org.junit.jupiter.api.Test;

/**
 * The Redis store sits on the plain-Java layer and under the Jakarta one: its build has no Jakarta on the class
 * path; these rules keep the packages of both layers acyclic and the plain layer free of Redis.
 */
class RedisArchitectureTest {
    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TEST_FIXTURES)
            .importPackages("io.throttled");

    @Test
    void noPackageCycle() {
        slices().assignedFrom(new PackageSlices()).should().beFreeOfCycles().check(classes);
    }

    @Test
    void onlyTheRedisStoreKnowsRedis() {
        noClasses().that().resideOutsideOfPackage("io.throttled.redis..")
                .should().dependOnClassesThat().resideInAnyPackage("io.throttled.redis..", "redis.clients..")
                .check(classes);
    }
}
