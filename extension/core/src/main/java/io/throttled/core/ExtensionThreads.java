package io.throttled.core;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * Every thread the extension starts comes from here: a daemon (it never holds a JVM open) with a name that
 * says what it does, and no context class loader. A thread inherits its creator's context loader, which in
 * a server is the application's; a thread that outlives the application while holding it keeps every
 * class of that application in memory.
 */
public final class ExtensionThreads {
    private ExtensionThreads() {
    }

    /**
     * A daemon thread without a context class loader, not started yet.
     *
     * @param task what the thread runs
     * @param name what the thread does, for thread dumps
     * @return the thread
     */
    public static Thread newThread(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.setContextClassLoader(null);
        return thread;
    }

    /**
     * A factory for executors, naming each thread {@code name}.
     *
     * @param name what the threads do, for thread dumps
     * @return a factory of threads made by {@link #newThread}
     */
    public static ThreadFactory factory(String name) {
        return task -> newThread(task, name);
    }

    /**
     * Waits for a thread told to stop; says so, rather than hanging a server's shutdown, when it does not
     * stop in time.
     *
     * @param thread  a thread already told to stop
     * @param timeout how long to wait for it
     * @return true when it stopped; false, after a warning in the log, when it is still alive
     */
    public static boolean join(Thread thread, Duration timeout) {
        try {
            thread.join(timeout.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            System.getLogger(ExtensionThreads.class.getName()).log(System.Logger.Level.WARNING,
                    "throttled: thread {0} did not stop within {1} ms", thread.getName(), timeout.toMillis());
            return false;
        }
        return true;
    }

    /**
     * Stops an executor the extension owns (its tasks interrupted) and waits for its threads; says so, rather than
     * hanging a server's shutdown, when they do not stop in time.
     *
     * @param executor the executor
     * @param what     what its threads do, for the log
     * @param timeout  how long to wait for them
     * @return true when they stopped; false, after a warning in the log, when they are still running
     */
    public static boolean stop(ExecutorService executor, String what, Duration timeout) {
        executor.shutdownNow();
        try {
            if (executor.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return true;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        System.getLogger(ExtensionThreads.class.getName()).log(System.Logger.Level.WARNING,
                "throttled: {0} did not stop within {1} ms", what, timeout.toMillis());
        return false;
    }
}
