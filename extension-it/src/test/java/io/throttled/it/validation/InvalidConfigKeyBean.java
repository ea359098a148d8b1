package io.throttled.it.validation;

import io.throttled.Throttled;
import jakarta.enterprise.context.ApplicationScoped;

/** Deployed by {@link DefinitionErrorsStopTheDeploymentTest}: its declaration must stop the deployment. */
@ApplicationScoped
public class InvalidConfigKeyBean {
    @Throttled(value = "spelt", rate = "1/1s")
    public void call() {
    }
}
