package io.throttled.servlet;

import jakarta.servlet.ServletResponse;
import jakarta.servlet.ServletResponseWrapper;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * Sets a status with a reason phrase through the container's response object, whose class may still have
 * the {@code setStatus(int, String)} that Servlet 6 removed from the interface (Open Liberty's does), or, on
 * GlassFish and Payara, whose Grizzly response under the facade takes a reason phrase of its own (else their
 * status line reads {@code 429 CUSTOM}). Looked up once per response class, by reflection only: nothing here
 * names a container class. No cache keyed on container classes, so nothing here outlives the application.
 */
final class ContainerStatusLine {
    private static volatile Lookup last = new Lookup(Void.class, null, null);

    /**
     * What a response class offers: its own {@code setStatus(int, String)}, else the field of a GlassFish
     * {@code ResponseFacade} that holds the Catalina response (whose Grizzly response takes the reason).
     */
    private record Lookup(Class<?> type, Method setStatus, Field facadeResponse) {
    }

    private ContainerStatusLine() {
    }

    /** True when the container took status and reason; false when the caller must set the status alone. */
    static boolean set(ServletResponse response, int status, String reason) {
        ServletResponse inner = innermost(response);
        Method setStatus = lookup(inner.getClass()).setStatus();
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

    /**
     * Gives the status already set the reason phrase, where the container keeps a reason apart from the status
     * (GlassFish, Payara: {@code ResponseFacade} → Catalina {@code Response.getCoyoteResponse()} → Grizzly
     * {@code Response.setDetailMessage(String)}, the phrase of its status line).
     *
     * @return whether the container took the reason
     */
    static boolean reason(ServletResponse response, String reason) {
        return reasonOn(innermost(response), reason);
    }

    /** The same on the container's own response object. */
    static boolean reasonOn(Object inner, String reason) {
        Field facadeResponse = lookup(inner.getClass()).facadeResponse();
        if (facadeResponse == null) {
            return false;
        }
        try {
            Object catalina = facadeResponse.get(inner);
            Object grizzly = catalina == null ? null : catalina.getClass().getMethod("getCoyoteResponse").invoke(catalina);
            if (grizzly == null) {
                return false;
            }
            grizzly.getClass().getMethod("setDetailMessage", String.class).invoke(grizzly, reason);
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    private static ServletResponse innermost(ServletResponse response) {
        ServletResponse inner = response;
        while (inner instanceof ServletResponseWrapper wrapper) {
            inner = wrapper.getResponse();
        }
        return inner;
    }

    private static Lookup lookup(Class<?> type) {
        Lookup found = last;
        if (found.type() != type) {
            found = new Lookup(type, setStatus(type), facadeResponse(type));
            last = found;
        }
        return found;
    }

    private static Method setStatus(Class<?> type) {
        try {
            return type.getMethod("setStatus", int.class, String.class);
        } catch (NoSuchMethodException | SecurityException e) {
            return null;
        }
    }

    /** The facade's {@code response} field, when its value has {@code getCoyoteResponse()}; else null. */
    private static Field facadeResponse(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            try {
                Field field = c.getDeclaredField("response");
                field.getType().getMethod("getCoyoteResponse");
                field.setAccessible(true);
                return field;
            } catch (NoSuchFieldException e) {
                // not declared here: its superclass may
            } catch (NoSuchMethodException | RuntimeException e) {
                return null;   // another container's field of that name, or one the module system keeps closed
            }
        }
        return null;
    }
}
