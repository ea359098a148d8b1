package io.throttled.cdi;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.spi.ConfigProviderResolver;
import org.eclipse.microprofile.config.spi.ConfigSource;

/** A config source tests write to (registered through META-INF/services in the test resources). */
public class TestConfig implements ConfigSource {
    private static final Map<String, String> VALUES = new ConcurrentHashMap<>();

    public static void set(String key, String value) {
        VALUES.put(key, value);
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
        return "test-config";
    }

    @Override
    public int getOrdinal() {
        return 500;
    }
}
