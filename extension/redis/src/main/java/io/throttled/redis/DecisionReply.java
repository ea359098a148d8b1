package io.throttled.redis;

import io.throttled.core.Decision;
import io.throttled.core.Policy;
import java.util.ArrayList;
import java.util.List;

/** Reads a decision script's reply {allowed, remaining, retry_after_ms, reset_after_ms, index}. */
final class DecisionReply {
    private DecisionReply() {
    }

    static Decision parse(Policy policy, Object reply) {
        if (!(reply instanceof List<?> values) || values.size() != 5) {
            throw new IllegalStateException("unexpected reply from the " + policy.algorithm()
                    + " script for policy '" + policy.name() + "': " + reply);
        }
        int index = (int) number(values, 4);
        if (index < 1 || index > policy.limits().size()) {
            throw new IllegalStateException("script named limit " + index + " of policy '" + policy.name()
                    + "', which has " + policy.limits().size());
        }
        return new Decision(number(values, 0) == 1, number(values, 1), number(values, 2), number(values, 3),
                policy.limits().get(index - 1), policy.name());
    }

    /**
     * One decision per request from a pipeline's replies, in order.
     *
     * @throws RuntimeException the first reply that is the exception its call met
     */
    static List<Decision> parseAll(List<RedisRateLimiter.Request> requests, List<Object> replies) {
        List<Decision> decisions = new ArrayList<>(replies.size());
        for (int i = 0; i < replies.size(); i++) {
            if (replies.get(i) instanceof RuntimeException e) {
                throw e;
            }
            decisions.add(parse(requests.get(i).policy(), replies.get(i)));
        }
        return decisions;
    }

    private static long number(List<?> values, int i) {
        Object value = values.get(i);
        if (value instanceof Long n) {
            return n;
        }
        throw new IllegalStateException("expected an integer at position " + (i + 1) + " of " + values);
    }
}
