package io.throttled.it.validation;

import io.throttled.Throttled;
import jakarta.enterprise.context.ApplicationScoped;

/** Deployed by {@link DefinitionErrorsStopTheDeploymentTest}: its declaration must stop the deployment. */
@ApplicationScoped
public class InvalidRateBean {
    @Throttled(value = "bad-rate", rate = "10/1x")
    public void call() {
    }
}
