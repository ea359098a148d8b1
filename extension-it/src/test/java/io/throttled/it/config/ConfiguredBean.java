package io.throttled.it.config;

import io.throttled.Throttled;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class ConfiguredBean {

    /** The annotation says 100/1s; the deployment's properties file says otherwise, and wins. */
    @Throttled(value = "from-properties", rate = "100/1s", key = "global")
    public void fromProperties() {
    }

    /** Only the application's own config source defines this policy's limit. */
    @Throttled("from-source")
    public void fromSource() {
    }

    /** 1/1m until an operator overrides it at runtime. */
    @Throttled(value = "overridden", rate = "1/1m", key = "global")
    public void overridden() {
    }
}
