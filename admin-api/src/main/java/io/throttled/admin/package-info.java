/**
 * The admin API under the application's JAX-RS path at {@code throttled/} (policies, runtime overrides, routes,
 * buckets, explain; every method requires the role {@code throttled-admin}) and the operator console at
 * {@code /throttled-console/}, served with a strict Content-Security-Policy (registered by
 * {@link io.throttled.admin.ConsoleHeadersInitializer}). Its contract is HTTP; these types are not called by
 * applications. One resource class per resource, each checking its caller first ({@link io.throttled.admin.OperatorGuard});
 * what they do beyond HTTP (JSON bodies, problem answers, the audit log) goes through the extension's published
 * operator API ({@link io.throttled.operator}) and model ({@link io.throttled.core}), never its internals.
 */
package io.throttled.admin;
