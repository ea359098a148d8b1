/**
 * The in-JVM store: {@link io.throttled.memory.InMemoryRateLimiter}, the same arithmetic as every Redis script,
 * used when no Redis is configured, as the local fallback when Redis fails, and as the scripts' test oracle.
 * Only the limiter and its builder are public.
 */
package io.throttled.memory;
