package io.throttled.cdi;

import io.throttled.config.MapConfigSource;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.spi.ConfigProviderResolver;

/** A config source tests write to (registered through META-INF/services in the test resources). */
public class TestConfig extends MapConfigSource {
    private static final Map<String, String> VALUES = new ConcurrentHashMap<>();

    public TestConfig() {
        super("test-config", 500, () -> VALUES);
    }

    public static void set(String key, String value) {
        VALUES.put(key, value);
        refresh();
    }

    /** Sets each {@code key=value} line of {@code properties} (split at the first {@code =}, nothing escaped). */
    public static void setAll(String properties) {
        properties.lines().map(String::strip).filter(line -> !line.isEmpty()).forEach(line -> {
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("not key=value: " + line);
            }
            VALUES.put(line.substring(0, eq), line.substring(eq + 1));
        });
        refresh();
    }

    public static void clear() {
        VALUES.clear();
        refresh();
    }

    /** Forget the built Config, so property names are listed afresh. */
    private static void refresh() {
        ConfigProviderResolver.instance().releaseConfig(ConfigProvider.getConfig());
    }
}
