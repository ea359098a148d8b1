package io.throttled.cdi;

import io.throttled.core.ExtensionThreads;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * The scheduler asynchronous waits run on. The container's default managed scheduled executor (Jakarta
 * Concurrency: Liberty's {@code concurrent-3.0} feature) when there is one: its threads carry the application's
 * context, and the container stops them. Without that feature, one thread of the extension's own, stopped with
 * the application ({@link #close}); the interceptor then sets the application's class loader around the call it
 * runs there, and nothing else of the container's context.
 */
final class PermitScheduler implements AutoCloseable {
    static final String DEFAULT_JNDI_NAME = "java:comp/DefaultManagedScheduledExecutorService";
    static final String FEATURE = "concurrent-3.0";
    private static final System.Logger LOG = System.getLogger(PermitScheduler.class.getName());

    private final ScheduledExecutorService executor;
    private final boolean owned;

    private PermitScheduler(ScheduledExecutorService executor, boolean owned) {
        this.executor = executor;
        this.owned = owned;
    }

    /** Looks the container's scheduler up; must run on an application thread (java:comp is per application). */
    static PermitScheduler find() {
        try {
            Object found = new InitialContext().lookup(DEFAULT_JNDI_NAME);
            if (found instanceof ScheduledExecutorService managed) {
                return new PermitScheduler(managed, false);
            }
        } catch (NamingException | RuntimeException absent) {
            // no Jakarta Concurrency in this server: the extension keeps its own scheduler
        }
        LOG.log(System.Logger.Level.INFO, "throttled: no " + DEFAULT_JNDI_NAME + " (server feature " + FEATURE
                + "); asynchronous waits use one thread of the extension's own, stopped with the application");
        return ownThread();
    }

    /** One timer thread of the extension's own; cancelled waits leave the queue at once. */
    static PermitScheduler ownThread() {
        ScheduledThreadPoolExecutor own = new ScheduledThreadPoolExecutor(1,
                ExtensionThreads.factory("throttled-permit-waits"));
        own.setRemoveOnCancelPolicy(true);
        own.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        return new PermitScheduler(own, true);
    }

    ScheduledExecutorService executor() {
        return executor;
    }

    /** True when the extension started the thread (no managed executor was found). */
    boolean isOwned() {
        return owned;
    }

    /** Stops the extension's own thread; a managed executor is the container's to stop. */
    @Override
    public void close() {
        if (!owned) {
            return;
        }
        ExtensionThreads.stop(executor, "the permit-wait thread", Duration.ofSeconds(5));
    }
}
