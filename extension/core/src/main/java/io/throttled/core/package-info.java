/**
 * The model, in plain Java (no Jakarta, no Redis): {@link io.throttled.core.Limit}, {@link io.throttled.core.Policy}
 * and its builder, {@link io.throttled.core.Decision}, and {@link io.throttled.core.RateLimiter}, the store
 * interface the in-JVM and Redis stores implement; with the key naming and the exact-arithmetic rules both
 * stores share. Public API.
 */
package io.throttled.core;
