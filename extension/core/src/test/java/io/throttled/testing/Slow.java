package io.throttled.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * The second test tier: suites that take many seconds each (failovers of real Cluster and Sentinel processes,
 * thousands of keys, minutes of churn). {@code mvn test} leaves them out, to stay within three minutes;
 * {@code mvn verify} runs them (the surefire execution {@code slow} in {@code extension/pom.xml}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("slow")
public @interface Slow {
}
