/**
 * The Redis store: {@link io.throttled.redis.RedisRateLimiter} on a connection opened by
 * {@link io.throttled.redis.RedisConnections} from {@link io.throttled.redis.RedisSettings} (one server,
 * Cluster or Sentinel); those three, with the config keys the settings are named by
 * ({@link io.throttled.redis.RedisConfigKeys}), are the engine's API. The other public types are the extension's
 * own wiring (the scripting connections, batching, the keyspace, the override store), public because the CDI
 * layer assembles them; the Lua scripts are resources under
 * {@code META-INF/throttled/lua/}.
 */
package io.throttled.redis;
