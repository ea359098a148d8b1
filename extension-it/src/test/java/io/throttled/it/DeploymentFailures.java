package io.throttled.it;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.jboss.arquillian.container.test.api.Deployer;

/**
 * Deploys an archive that must fail and returns everything the failure says: the messages of the exception,
 * its causes and its suppressed exceptions, and what the server logged meanwhile. The Liberty container
 * builds its exception from the first line of the server's CWWKZ0002E message; the definition errors
 * themselves follow on the next lines, which is where an operator reads them too.
 */
public final class DeploymentFailures {
    private DeploymentFailures() {
    }

    /** On the full test server. */
    public static String of(Deployer deployer, String deployment) {
        return of(deployer, deployment, "throttledFull");
    }

    public static String of(Deployer deployer, String deployment, String server) {
        Path log = Path.of(System.getProperty("wlp.home"), "usr/servers", server, "logs/messages.log");
        long before = size(log);
        try {
            deployer.deploy(deployment);
        } catch (Exception failure) {   // the container's DeploymentException is checked, and thrown as it is
            return text(failure) + logged(log, before);
        } finally {
            try {
                deployer.undeploy(deployment);
            } catch (RuntimeException ignored) {
                // nothing was deployed, or it is gone already
            }
        }
        throw new AssertionError("deployment " + deployment + " was expected to fail, and started");
    }

    private static long size(Path log) {
        try {
            return Files.exists(log) ? Files.size(log) : 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String logged(Path log, long from) {
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            byte[] added = new byte[(int) Math.max(0, file.length() - from)];
            file.seek(from);
            file.readFully(added);
            return new String(added, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String text(Throwable failure) {
        StringBuilder text = new StringBuilder();
        collect(failure, text, Collections.newSetFromMap(new IdentityHashMap<>()));
        return text.toString();
    }

    private static void collect(Throwable t, StringBuilder text, Set<Throwable> seen) {
        if (t == null || !seen.add(t)) {
            return;
        }
        text.append(t.getClass().getName()).append(": ").append(t.getMessage()).append('\n');
        for (Throwable suppressed : t.getSuppressed()) {
            collect(suppressed, text, seen);
        }
        collect(t.getCause(), text, seen);
    }
}
