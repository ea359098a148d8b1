package io.throttled.admin;

import io.throttled.cdi.DecisionListener;
import io.throttled.cdi.Outcome;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** This node's decision counts since start, by policy and outcome, for the console's live view. */
@ApplicationScoped
public class DecisionCounts implements DecisionListener {
    private final Map<String, Map<String, LongAdder>> counts = new ConcurrentHashMap<>();

    @Override
    public void decided(Outcome outcome) {
        String label;
        if (outcome.decision().origin() == io.throttled.core.Decision.Origin.SKIPPED) {
            label = "skipped";
        } else if (!outcome.decision().decidedByStore()) {
            label = "decided_without_redis";
        } else if (outcome.decision().allowed()) {
            label = "allowed";
        } else {
            label = outcome.policy().enforce() ? "denied" : "shadow_denied";
        }
        counts.computeIfAbsent(outcome.policy().name(), p -> new ConcurrentHashMap<>())
                .computeIfAbsent(label, l -> new LongAdder()).increment();
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
