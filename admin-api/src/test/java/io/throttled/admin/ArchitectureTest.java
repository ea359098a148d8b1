package io.throttled.admin;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The admin API is a tool like any operator's: it uses the extension's published API (the root package, the model in
 * {@code io.throttled.core}, the operator beans in {@code io.throttled.operator}) and none of its internals, so those
 * may change without breaking it.
 */
class ArchitectureTest {
    private final JavaClasses admin = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.throttled.admin");

    @Test
    void theAdminApiUsesOnlyThePublishedApiOfTheExtension() {
        classes().that().resideInAPackage("io.throttled.admin..")
                .should().onlyDependOnClassesThat(resideOutsideOfPackage("io.throttled..")
                        .or(resideInAnyPackage("io.throttled", "io.throttled.core", "io.throttled.operator",
                                "io.throttled.admin..")))
                .check(admin);
    }

    /** A store that does not answer reaches it as the operator API's exception, never as the Redis client's. */
    @Test
    void theAdminApiNeverTalksToTheStoreItself() {
        noClasses().that().resideInAPackage("io.throttled.admin..")
                .should().dependOnClassesThat().resideInAnyPackage("redis.clients..")
                .check(admin);
    }
}
