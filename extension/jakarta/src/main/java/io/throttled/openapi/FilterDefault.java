package io.throttled.openapi;

import io.throttled.config.MapConfigSource;
import java.util.Map;

/**
 * Names {@link ThrottledOASFilter} as {@code mp.openapi.filter} at the lowest ordinal, so that any filter the
 * application configures (in microprofile-config.properties, server.xml, the environment, ...) takes its
 * place; that filter can call ours (see {@link ThrottledOASFilter}). Refers to no OpenAPI class: it is loaded
 * with every application, with or without MicroProfile OpenAPI. Registered in {@code META-INF/services}.
 */
public final class FilterDefault extends MapConfigSource {
    public static final String FILTER_KEY = "mp.openapi.filter";
    /** Below every source a server or an application defines (microprofile-config.properties is 100). */
    public static final int ORDINAL = 0;

    private static final Map<String, String> VALUES = Map.of(FILTER_KEY, "io.throttled.openapi.ThrottledOASFilter");

    public FilterDefault() {
        super("throttled-openapi-filter-default", ORDINAL, () -> VALUES);
    }
}
