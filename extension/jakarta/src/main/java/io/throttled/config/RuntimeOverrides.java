package io.throttled.config;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The runtime overrides, as a MicroProfile Config source ranked above every other (system properties 400,
 * environment 300, server.xml variables 500 and appProperties 600): what the admin API sets is what
 * {@code ConfigProvider.getConfig().getValue("throttled.policy.<name>.rate", String.class)} returns.
 *
 * <p>The values live in the store shared by all nodes (Redis); {@code OverrideSync} copies them here at
 * start, on every change notice and periodically. Registered in {@code META-INF/services}.
 */
public final class RuntimeOverrides extends MapConfigSource {
    public static final int ORDINAL = 900;

    private static volatile Map<String, String> values = Map.of();
    private static final AtomicLong GENERATION = new AtomicLong();

    public RuntimeOverrides() {
        super(FieldSource.OVERRIDES_SOURCE_NAME, ORDINAL, () -> values);
    }

    /** Replaces every override; keys are config keys ({@code throttled.policy.<name>.<field>}). */
    public static void replaceAll(Map<String, String> overrides) {
        Map<String, String> next = Map.copyOf(overrides);
        if (!next.equals(values)) {
            values = next;
            GENERATION.incrementAndGet();
        }
    }

    /** Changes each time the overrides change: a policy resolved under another generation is stale. */
    public static long generation() {
        return GENERATION.get();
    }

    public static Map<String, String> snapshot() {
        return values;
    }
}
