package io.throttled.testing;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/** For ArchUnit's cycle rule: every package of throttled is its own slice, the root package {@code io.throttled} included. */
public final class PackageSlices implements SliceAssignment {

    @Override
    public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
        String name = javaClass.getPackageName();
        return name.equals("io.throttled") || name.startsWith("io.throttled.")
                ? SliceIdentifier.of(name) : SliceIdentifier.ignore();
    }

    @Override
    public String getDescription() {
        return "the packages of io.throttled";
    }
}
