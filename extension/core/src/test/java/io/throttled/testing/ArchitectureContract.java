package io.throttled.testing;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * What each layer's architecture test checks over the production classes of {@code io.throttled} its module sees (its
 * own and the layers below, neither tests nor test-jars): no package cycle. A layer adds its rules on {@link #classes}.
 */
public abstract class ArchitectureContract {
    protected final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TEST_FIXTURES)
            .withImportOption(ArchitectureContract::notATestJar)
            .importPackages("io.throttled");

    /**
     * ArchUnit's DO_NOT_INCLUDE_TESTS knows test-classes folders, not Maven's test-jars: a layer's tests see the ones
     * below as folders when the build stops at {@code test}, and as {@code -tests.jar} files once it has packaged them.
     */
    private static boolean notATestJar(com.tngtech.archunit.core.importer.Location location) {
        return !location.contains("-tests.jar");
    }

    /** Every package is its own slice, the root package {@code io.throttled} included: no two reach each other. */
    @Test
    void noPackageCycle() {
        slices().assignedFrom(new PackageSlices()).should().beFreeOfCycles().check(classes);
    }
}
