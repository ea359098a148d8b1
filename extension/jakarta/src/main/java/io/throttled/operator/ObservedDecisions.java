package io.throttled.operator;

import io.throttled.cdi.DecisionListener;
import io.throttled.cdi.Outcome;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.List;

/**
 * Tells the application's {@link DecisionObserver} beans of every decision. Found once, when the limiter is built: an
 * application without observers (no admin API) pays a loop over none.
 */
@Dependent
class ObservedDecisions implements DecisionListener {
    private final List<DecisionObserver> observers;

    @Inject
    ObservedDecisions(Instance<DecisionObserver> observers) {
        this.observers = observers.stream().toList();
    }

    @Override
    public void decided(Outcome outcome) {
        for (DecisionObserver observer : observers) {
            observer.decided(outcome.policy().name(), outcome.label());
        }
    }
}
