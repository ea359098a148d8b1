package io.throttled.it.server;

import java.util.List;

/** How the suite finds a server's JVM and tells its applications' class loaders from the server's own. */
public interface ServerJvm {

    /** The running JVM of a container of the suite. */
    ServerProcess process(String container);

    /** The class loader types that exist once per deployed application (or per application and thread context). */
    List<String> applicationLoaderTypes();

    /**
     * Whether idle server threads keep their last task, and with it the copy of an application that served it, until
     * their next one (WildFly's workers do): then an undeployed copy may outlive its undeploy for a while, and a
     * redeploy test can only ask that nothing grows. Elsewhere it must find none.
     */
    default boolean idleThreadsKeepLastTask() {
        return false;
    }
}
