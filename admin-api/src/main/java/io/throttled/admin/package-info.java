/**
 * The admin API under the application's JAX-RS path at {@code throttled/} (policies, runtime overrides, routes,
 * buckets, explain; every method requires the role {@code throttled-admin}) and the operator console at
 * {@code /throttled-console/}, served with a strict Content-Security-Policy (registered by
 * {@link io.throttled.admin.ConsoleHeadersInitializer}). Its contract is HTTP; these types are not called by
 * applications.
 */
package io.throttled.admin;
