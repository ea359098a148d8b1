package io.throttled.servlet;

import jakarta.servlet.ServletResponse;
import jakarta.servlet.ServletResponseWrapper;
import java.lang.reflect.Method;

/**
 * Sets a status with a reason phrase through the container's response object, whose class may still have
 * the {@code setStatus(int, String)} that Servlet 6 removed from the interface. Looked up once per
 * response class; no cache keyed on container classes, so nothing here outlives the application.
 */
final class ContainerStatusLine {
    private static volatile Lookup last = new Lookup(Void.class, null);

    private record Lookup(Class<?> type, Method setStatus) {
    }

    private ContainerStatusLine() {
    }

    /** True when the container took status and reason; false when the caller must set the status alone. */
    static boolean set(ServletResponse response, int status, String reason) {
        ServletResponse inner = response;
        while (inner instanceof ServletResponseWrapper wrapper) {
            inner = wrapper.getResponse();
        }
        Method setStatus = method(inner.getClass());
        if (setStatus == null) {
            return false;
        }
        try {
            setStatus.invoke(inner, status, reason);
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    private static Method method(Class<?> type) {
        Lookup found = last;
        if (found.type() != type) {
            Method method;
            try {
                method = type.getMethod("setStatus", int.class, String.class);
            } catch (NoSuchMethodException | SecurityException e) {
                method = null;
            }
            found = new Lookup(type, method);
            last = found;
        }
        return found.setStatus();
    }
}
