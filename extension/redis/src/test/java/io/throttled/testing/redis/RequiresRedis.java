package io.throttled.testing.redis;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test class or method only when this run's Redis is at least this version; otherwise it is skipped,
 * saying which version it needs, why, and which Redis the run has (the 6.2 leg, a machine with only the
 * embedded Redis).
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(RequiresRedisCondition.class)
public @interface RequiresRedis {
    /** The oldest Redis the test can run on, {@code major.minor}. */
    String value();

    /** What needs it, for the skip message. */
    String reason();
}
