package io.throttled.it.server;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.awaitility.core.ConditionTimeoutException;
import org.jboss.arquillian.container.test.api.Deployer;

/**
 * Deploys an archive that must fail and returns everything the failure says: the messages of the exception,
 * its causes and its suppressed exceptions, and what the server logged meanwhile. Containers differ in what they
 * put in the exception (Liberty's holds the first line of its CWWKZ0002E message, the definition errors follow in
 * the log, where an operator reads them too), so both are read.
 */
public final class DeploymentFailures {
    private DeploymentFailures() {
    }

    /** On the full test server. */
    public static String of(Deployer deployer, String deployment) {
        return of(deployer, deployment, "full");
    }

    public static String of(Deployer deployer, String deployment, String container) {
        ServerLog log = TestServer.current().log();
        long before = log.end(container);
        try {
            deployer.deploy(deployment);
        } catch (Exception failure) {   // the container's DeploymentException is checked, and thrown as it is
            settled(log, container);
            return text(failure) + log.since(container, before);
        } finally {
            try {
                deployer.undeploy(deployment);
            } catch (RuntimeException ignored) {
                // nothing was deployed, or it is gone already
            }
        }
        throw new AssertionError("deployment " + deployment + " was expected to fail, and started");
    }

    /**
     * Until the log stops growing (two looks 250 ms apart agree; at most 10 s): a server may write the failure's
     * causes after its deploy operation has answered (Payara does, for an initializer's exception).
     */
    private static void settled(ServerLog log, String container) {
        AtomicLong last = new AtomicLong(-1);
        try {
            await().pollInSameThread().pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(250))
                    .atMost(Duration.ofSeconds(10)).until(() -> {
                        long now = log.end(container);
                        return last.getAndSet(now) == now;
                    });
        } catch (ConditionTimeoutException stillWriting) {
            // what is there is read
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
