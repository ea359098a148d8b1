package io.throttled.config;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * The runtime overrides, as a MicroProfile Config source ranked above every other (system properties 400,
 * environment 300, server.xml variables 500 and appProperties 600): what the admin API sets is what
 * {@code ConfigProvider.getConfig().getValue("throttled.policy.<name>.rate", String.class)} returns.
 *
 * <p>The values live in the store shared by all nodes (Redis); {@code OverrideSync} copies them here at
 * start, on every change notice and periodically. Registered in {@code META-INF/services}.
 */
public final class RuntimeOverrides implements ConfigSource {
    public static final int ORDINAL = 900;

    private static volatile Map<String, String> values = Map.of();
    private static final AtomicLong GENERATION = new AtomicLong();

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

    @Override
    public Set<String> getPropertyNames() {
        return values.keySet();
    }

    @Override
    public String getValue(String propertyName) {
        return values.get(propertyName);
    }

    @Override
    public String getName() {
        return FieldSource.OVERRIDES_SOURCE_NAME;
    }

    @Override
    public int getOrdinal() {
        return ORDINAL;
    }
}
