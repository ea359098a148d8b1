package io.throttled.testing.redis;

import io.throttled.redis.RedisVersion;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/** Evaluates {@link RequiresRedis} against the Redis this run's tests use. */
final class RequiresRedisCondition implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return context.getElement().flatMap(e -> AnnotationSupport.findAnnotation(e, RequiresRedis.class))
                .map(required -> evaluate(required, context))
                .orElse(ConditionEvaluationResult.enabled("no Redis version required"));
    }

    private static ConditionEvaluationResult evaluate(RequiresRedis required, ExtensionContext context) {
        RedisVersion needed = RedisVersion.parse(required.value());
        RedisVersion found = RedisExtension.version(context);
        if (found.atLeast(needed)) {
            return ConditionEvaluationResult.enabled("Redis " + found + " is at least " + required.value());
        }
        return ConditionEvaluationResult.disabled("needs Redis " + required.value() + " or later (" + required.reason()
                + "); this run's Redis is " + found + " (" + RedisExtension.shared(context).description() + ")");
    }
}
