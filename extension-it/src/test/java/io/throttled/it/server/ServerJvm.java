package io.throttled.it.server;

import java.util.List;

/** How the suite finds a server's JVM and tells its applications' class loaders from the server's own. */
public interface ServerJvm {

    /** The running JVM of a container of the suite. */
    ServerProcess process(String container);

    /** The class loader types that exist once per deployed application (or per application and thread context). */
    List<String> applicationLoaderTypes();
}
