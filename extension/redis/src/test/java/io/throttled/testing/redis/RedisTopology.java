package io.throttled.testing.redis;

/**
 * Which of the run's shared Redis deployments ({@link RedisExtension}) a test decides on; a suite that must hold on
 * both runs once on each with {@code @ParameterizedClass @EnumSource(RedisTopology.class)} and {@link RedisConnections}.
 * A suite that {@link RequiresRedis} a version stays one plain class per topology: Surefire reports a skipped class,
 * with its reason, but not a skipped class template.
 */
public enum RedisTopology {
    /** The standalone server. */
    SERVER,
    /** The 3-master, 3-replica Redis Cluster: every key of one script call must share a hash slot. */
    CLUSTER
}
