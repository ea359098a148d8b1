package io.throttled.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** An application's observer hears every decision, named by policy and outcome as the metrics name them. */
class DecisionObserverTest {

    @AfterEach
    void clear() {
        OperatorContainer.clear();
    }

    @Test
    void anObserverBeanHearsEveryDecision() {
        try (WeldContainer cdi = OperatorContainer.boot()) {
            OperatorContainer.Greeter greeter = cdi.select(OperatorContainer.Greeter.class).get();
            for (int i = 0; i < 4; i++) {
                catchThrowable(() -> greeter.greet("a"));
            }

            assertThat(OperatorContainer.Tally.HEARD).containsExactly("greet allowed", "greet allowed", "greet allowed",
                    "greet denied");
        }
    }
}
