package io.throttled.config;

import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * A config source whose properties are a map's entries, under a fixed name and ordinal: the extension's own sources
 * ({@link RuntimeOverrides}, the OpenAPI filter's default). The map is asked for on every lookup, so a source may
 * replace it.
 */
public abstract class MapConfigSource implements ConfigSource {
    private final String name;
    private final int ordinal;
    private final Supplier<Map<String, String>> properties;

    protected MapConfigSource(String name, int ordinal, Supplier<Map<String, String>> properties) {
        this.name = name;
        this.ordinal = ordinal;
        this.properties = properties;
    }

    @Override
    public Set<String> getPropertyNames() {
        return properties.get().keySet();
    }

    @Override
    public String getValue(String propertyName) {
        return properties.get().get(propertyName);
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public int getOrdinal() {
        return ordinal;
    }
}
