package io.throttled.it.server;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test that needs these scenarios: on a server lacking one it is skipped with the server's reason, so a report
 * lists it as skipped, never as passed. Put it before {@code @ExtendWith(ArquillianExtension.class)}: a skipped class
 * is never deployed.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(RequiresCondition.class)
public @interface Requires {
    Scenario[] value();
}
