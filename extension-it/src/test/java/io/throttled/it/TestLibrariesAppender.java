package io.throttled.it;

import java.io.File;
import java.net.URISyntaxException;
import org.assertj.core.api.Assertions;
import org.jboss.arquillian.container.test.spi.client.deployment.AuxiliaryArchiveAppender;
import org.jboss.arquillian.core.spi.LoadableExtension;
import org.jboss.shrinkwrap.api.Archive;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;

/** Puts the libraries in-container tests assert with (AssertJ) into every deployment, once, not per test. */
public final class TestLibrariesAppender implements AuxiliaryArchiveAppender, LoadableExtension {

    @Override
    public void register(ExtensionBuilder builder) {
        builder.service(AuxiliaryArchiveAppender.class, TestLibrariesAppender.class);
    }

    @Override
    public Archive<?> createAuxiliaryArchive() {
        try {
            File assertj = new File(Assertions.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return ShrinkWrap.createFromZipFile(JavaArchive.class, assertj);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
