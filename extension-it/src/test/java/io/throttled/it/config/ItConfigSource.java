package io.throttled.it.config;

import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/** An application's own config source: a policy defined here must hold like one in the properties file. */
public class ItConfigSource implements ConfigSource {
    private static final Map<String, String> VALUES = Map.of(
            "throttled.policy.from-source.rate", "2/1m",
            "throttled.policy.from-source.key", "global");

    @Override
    public Set<String> getPropertyNames() {
        return VALUES.keySet();
    }

    @Override
    public String getValue(String propertyName) {
        return VALUES.get(propertyName);
    }

    @Override
    public String getName() {
        return "it-config-source";
    }

    @Override
    public int getOrdinal() {
        return 250;
    }
}
