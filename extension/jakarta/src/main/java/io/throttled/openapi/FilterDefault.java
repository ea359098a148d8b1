package io.throttled.openapi;

import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Names {@link ThrottledOASFilter} as {@code mp.openapi.filter} at the lowest ordinal, so that any filter the
 * application configures (in microprofile-config.properties, server.xml, the environment, ...) takes its
 * place; that filter can call ours (see {@link ThrottledOASFilter}). Refers to no OpenAPI class: it is loaded
 * with every application, with or without MicroProfile OpenAPI. Registered in {@code META-INF/services}.
 */
public final class FilterDefault implements ConfigSource {
    public static final String FILTER_KEY = "mp.openapi.filter";
    /** Below every source a server or an application defines (microprofile-config.properties is 100). */
    public static final int ORDINAL = 0;

    private static final Map<String, String> VALUES = Map.of(FILTER_KEY, "io.throttled.openapi.ThrottledOASFilter");

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
        return "throttled-openapi-filter-default";
    }

    @Override
    public int getOrdinal() {
        return ORDINAL;
    }
}
