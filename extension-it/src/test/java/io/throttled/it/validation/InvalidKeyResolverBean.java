package io.throttled.it.validation;

import io.throttled.Throttled;
import jakarta.enterprise.context.ApplicationScoped;

/** Deployed by {@link DefinitionErrorsStopTheDeploymentTest}: its declaration must stop the deployment. */
@ApplicationScoped
public class InvalidKeyResolverBean {
    @Throttled(value = "bad-resolver", rate = "1/1s", key = "bean:nobody")
    public void call() {
    }
}
