package io.throttled.cdi;

import java.util.ArrayList;
import java.util.List;

/**
 * The APIs the extension cannot work without, checked before bean discovery: without this check a missing
 * feature shows as an unsatisfied dependency or a {@code NoClassDefFoundError} deep inside the container,
 * which says nothing about what to add.
 */
final class RequiredApis {
    /** A class of the API, what it is, and the Open Liberty feature that brings it. */
    private record Api(String className, String name, String libertyFeature) {
    }

    private static final List<Api> REQUIRED = List.of(
            new Api("org.eclipse.microprofile.config.ConfigProvider", "MicroProfile Config 3.x", "mpConfig-3.1"),
            // the client address of HTTP calls and the caller of bean calls made while serving a request
            new Api("jakarta.servlet.http.HttpServletRequest", "Jakarta Servlet 6.0", "servlet-6.0"));

    private RequiredApis() {
    }

    /** Null when every required API is visible to this class loader, else the message that says what to add. */
    static String missing(ClassLoader loader) {
        List<Api> missing = new ArrayList<>();
        for (Api api : REQUIRED) {
            try {
                Class.forName(api.className(), false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                missing.add(api);
            }
        }
        if (missing.isEmpty()) {
            return null;
        }
        StringBuilder message = new StringBuilder("throttled: this application cannot use the throttled extension: ");
        for (int i = 0; i < missing.size(); i++) {
            Api api = missing.get(i);
            message.append(i == 0 ? "" : "; ").append("the ").append(api.name()).append(" API (")
                    .append(api.className()).append(") is not visible to it");
        }
        message.append(". On Open Liberty add ");
        for (int i = 0; i < missing.size(); i++) {
            message.append(i == 0 ? "" : " and ").append("<feature>").append(missing.get(i).libertyFeature())
                    .append("</feature>");
        }
        message.append(" to the featureManager of server.xml (the extension needs restfulWS-3.1, cdi-4.0,"
                + " servlet-6.0 and mpConfig-3.1, or features that include them such as jakartaee-10.0 and"
                + " microProfile-6.1); on another server, provide ").append(missing.size() == 1 ? "that API" : "those APIs")
                .append(" to the application.");
        return message.toString();
    }
}
