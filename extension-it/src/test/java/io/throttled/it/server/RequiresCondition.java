package io.throttled.it.server;

import java.util.Optional;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/** Skips what {@link Requires} a scenario the server of this run lacks, with its reason. */
final class RequiresCondition implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Optional<Requires> requires = context.getElement().flatMap(e -> AnnotationSupport.findAnnotation(e, Requires.class));
        if (requires.isEmpty()) {
            return ConditionEvaluationResult.enabled("no scenario required");
        }
        TestServer server = TestServer.current();
        for (Scenario scenario : requires.get().value()) {
            Optional<String> reason = server.lacks(scenario);
            if (reason.isPresent()) {
                return ConditionEvaluationResult.disabled(server.name() + " lacks " + scenario + ": " + reason.get());
            }
        }
        return ConditionEvaluationResult.enabled(server.name() + " offers " + java.util.List.of(requires.get().value()));
    }
}
