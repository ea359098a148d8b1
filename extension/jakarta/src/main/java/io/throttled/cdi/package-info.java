/**
 * Internal: the portable extension (deploy-time checks of every policy), the interceptor behind
 * {@link io.throttled.Throttled}, the producers of the limiter and its settings, metrics, health and the
 * runtime-override feed. Public because CDI needs it; not called by applications.
 */
package io.throttled.cdi;
