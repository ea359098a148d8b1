/**
 * Whose bucket a call takes from. The service-provider interface: an application implements
 * {@link io.throttled.key.KeyResolver} (chosen by {@code key = "bean:<name>"}) or
 * {@link io.throttled.key.TierResolver} (chosen by {@code tier-by=bean:<name>}) as a named CDI bean, given a
 * {@link io.throttled.key.CallContext}. Also the built-in key sources, client addresses and trusted proxies.
 * Public API.
 */
package io.throttled.key;
