package io.throttled.it.validation;

import io.throttled.Throttled;
import jakarta.enterprise.context.ApplicationScoped;

/** Deployed by {@link DefinitionErrorsStopTheDeploymentTest}: two methods declare one policy differently. */
@ApplicationScoped
public class ConflictingDeclarationBean {

    @Throttled(value = "shared", rate = "10/1s")
    public void one() {
    }

    @Throttled(value = "shared", rate = "5/1s")
    public void other() {
    }
}
