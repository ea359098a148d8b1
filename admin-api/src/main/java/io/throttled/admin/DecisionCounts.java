package io.throttled.admin;

import io.throttled.operator.DecisionObserver;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** This node's decision counts since start, by policy and outcome, for the console's live view. */
@ApplicationScoped
public class DecisionCounts implements DecisionObserver {
    private final Map<String, Map<String, LongAdder>> counts = new ConcurrentHashMap<>();

    @Override
    public void decided(String policy, String outcome) {
        counts.computeIfAbsent(policy, p -> new ConcurrentHashMap<>()).computeIfAbsent(outcome, l -> new LongAdder()).increment();
    }

    Map<String, Map<String, Long>> snapshot() {
        Map<String, Map<String, Long>> copy = new TreeMap<>();
        counts.forEach((policy, outcomes) -> {
            Map<String, Long> values = new TreeMap<>();
            outcomes.forEach((label, adder) -> values.put(label, adder.sum()));
            copy.put(policy, values);
        });
        return copy;
    }
}
