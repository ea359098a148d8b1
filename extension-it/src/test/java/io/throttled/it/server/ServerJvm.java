package io.throttled.it.server;

import java.util.List;

/** How the suite finds a server's JVM and tells its applications' class loaders from the server's own. */
public interface ServerJvm {

    /** The running JVM of a container of the suite. */
    ServerProcess process(String container);

    /** The class loader types that exist once per deployed application (or per application and thread context). */
    List<String> applicationLoaderTypes();

    /**
     * The name prefixes of the server's own thread pools that grow under deploy operations and stay for a while, so
     * that a thread count across redeploys must leave them out; none by default.
     */
    default List<String> poolThreadPrefixes() {
        return List.of();
    }
}
