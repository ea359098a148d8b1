package io.throttled.cdi;

import io.throttled.ThrottledException;
import io.throttled.core.Decision;
import jakarta.interceptor.InvocationContext;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a {@code CompletionStage} method, or a JAX-RS method that answers through a {@code @Suspended AsyncResponse},
 * after its wait, without a thread waiting: the interceptor returns a future (or, for the suspended response, nothing:
 * the request stays suspended until the method resumes it) at once, and when the slot comes the scheduler's thread calls {@link InvocationContext#proceed()} (Weld
 * lets an interceptor proceed later on another thread, as MicroProfile Fault Tolerance's asynchronous calls do)
 * and the method's own stage completes the future. Cancelling the future before the slot gives the slot back;
 * after it, the cancel reaches the method's stage when that is a {@code CompletableFuture}.
 */
public final class AsyncWait {
    private AsyncWait() {
    }

    /** Whether the method's callers take a {@code CompletableFuture} for its result, or a suspended response. */
    public static boolean applies(Method method) {
        Class<?> type = method.getReturnType();
        return CompletionStage.class.isAssignableFrom(type) && type.isAssignableFrom(CompletableFuture.class)
                || suspendedResponse(method) >= 0;
    }

    /** The index of a void method's {@code @Suspended AsyncResponse} parameter, or -1 (by name: JAX-RS may be absent). */
    static int suspendedResponse(Method method) {
        if (method.getReturnType() != void.class) {
            return -1;
        }
        Annotation[][] parameters = method.getParameterAnnotations();
        for (int i = 0; i < parameters.length; i++) {
            for (Annotation a : parameters[i]) {
                if (a.annotationType().getName().equals("jakarta.ws.rs.container.Suspended")) {
                    return i;
                }
            }
        }
        return -1;
    }

    static CompletableFuture<Object> proceedAfter(CompletableFuture<Decision> wait, InvocationContext invocation) {
        CompletableFuture<Object> result = new CompletableFuture<>();
        // the scheduler's thread may carry no application class loader (the extension's own thread): take the
        // caller's along, as a managed executor would
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        AtomicReference<CompletableFuture<?>> running = new AtomicReference<>();
        result.whenComplete((value, failure) -> {
            if (result.isCancelled()) {
                wait.cancel(false);   // before the slot: gives it back; after: no effect
                CompletableFuture<?> method = running.get();
                if (method != null) {
                    method.cancel(false);
                }
            }
        });
        wait.whenComplete((decision, failure) -> {
            if (result.isDone()) {
                return;
            }
            if (failure != null) {
                fail(invocation, result, failure);
            } else if (!decision.allowed()) {   // the application stopped during the wait
                fail(invocation, result, new ThrottledException(decision));
            } else {
                proceed(invocation, loader, result, running);
            }
        });
        return result;
    }

    /** Completes the caller's future; a suspended request, which no one else would answer, is resumed with it. */
    private static void fail(InvocationContext invocation, CompletableFuture<Object> result, Throwable failure) {
        result.completeExceptionally(failure);
        int index = suspendedResponse(invocation.getMethod());
        if (index >= 0) {
            try {
                invocation.getMethod().getParameterTypes()[index].getMethod("resume", Throwable.class)
                        .invoke(invocation.getParameters()[index], failure);
            } catch (ReflectiveOperationException e) {
                result.obtrudeException(e);
            }
        }
    }

    private static void proceed(InvocationContext invocation, ClassLoader loader, CompletableFuture<Object> result,
                                AtomicReference<CompletableFuture<?>> running) {
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            Object stage = invocation.proceed();
            if (stage == null) {
                result.complete(null);
                return;
            }
            if (stage instanceof CompletableFuture<?> future) {
                running.set(future);
            }
            ((CompletionStage<?>) stage).whenComplete((value, failure) -> {
                if (failure != null) {
                    result.completeExceptionally(failure);
                } else {
                    result.complete(value);
                }
            });
        } catch (Exception | Error e) {
            fail(invocation, result, e);
        } finally {
            thread.setContextClassLoader(before);
        }
    }
}
