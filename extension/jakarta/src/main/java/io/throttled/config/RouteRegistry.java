package io.throttled.config;

import io.throttled.core.InvalidPolicyException;
import io.throttled.route.Route;
import io.throttled.route.RouteTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigValue;

/**
 * The routes in force, compiled into one table. Rebuilt when the runtime overrides change (a route added
 * through the admin API holds on every node as soon as the node has the change) and at most once a second
 * otherwise; between rebuilds a request pays only a volatile read and the table's lookup. A route that
 * became invalid after deployment keeps its last valid form, logged once (the admin API refuses invalid
 * ones; deployment stops on them).
 */
public final class RouteRegistry {
    private static final System.Logger LOG = System.getLogger(RouteRegistry.class.getName());
    private static final long RECHECK_NANOS = 1_000_000_000L;

    private final Config config;
    private final String applicationPath;
    private final LongSupplier nanoTime;
    private volatile Snapshot snapshot;

    public RouteRegistry(Config config, String applicationPath) {
        this(config, applicationPath, System::nanoTime);
    }

    RouteRegistry(Config config, String applicationPath, LongSupplier nanoTime) {
        this.config = config;
        this.applicationPath = applicationPath;
        this.nanoTime = nanoTime;
    }

    /** The table of routes in force now. */
    public RouteTable table() {
        Snapshot s = snapshot;
        long generation = RuntimeOverrides.generation();
        long now = nanoTime.getAsLong();
        if (s != null && s.generation == generation && now - s.readAt < RECHECK_NANOS) {
            return s.table;
        }
        synchronized (this) {
            s = snapshot;
            if (s != null && s.generation == generation && nanoTime.getAsLong() - s.readAt < RECHECK_NANOS) {
                return s.table;
            }
            Snapshot next = read(s, generation);
            snapshot = next;
            return next.table;
        }
    }

    /** Where the application's JAX-RS resources are, which every route's path must be able to reach. */
    public String applicationPath() {
        return applicationPath;
    }

    /** Every route's settings as config has them now, by name. */
    public Map<String, RouteSettings> settings() {
        Map<String, RouteSettings> all = new java.util.TreeMap<>();
        for (String name : ConfiguredRoutes.names(config)) {
            all.put(name, RouteSettings.read(name, this::value));
        }
        return all;
    }

    /** Each invalid route's problems, as deployment reports them. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        for (RouteSettings route : settings().values()) {
            try {
                route.toRoute(applicationPath);
            } catch (InvalidPolicyException e) {
                e.violations().forEach(v -> problems.add("route '" + route.name() + "': " + v));
            }
        }
        return problems;
    }

    private Snapshot read(Snapshot previous, long generation) {
        Map<String, Route> valid = new HashMap<>();
        Map<String, RouteSettings> all = settings();
        for (RouteSettings settings : all.values()) {
            try {
                valid.put(settings.name(), settings.toRoute(applicationPath));
            } catch (InvalidPolicyException e) {
                Route kept = previous == null ? null : previous.routes.get(settings.name());
                if (kept != null) {
                    valid.put(settings.name(), kept);
                }
                if (previous == null || !previous.rejected.contains(settings.name())) {
                    LOG.log(System.Logger.Level.ERROR, "throttled: route ''{0}'' is invalid ({1}); {2}", settings.name(),
                            e.getMessage(), kept == null ? "it is not in force" : "its last valid form stays in force");
                }
            }
        }
        List<String> rejected = new ArrayList<>(all.keySet());
        rejected.removeAll(valid.keySet());
        return new Snapshot(RouteTable.of(valid.values()), Map.copyOf(valid), List.copyOf(rejected), generation,
                nanoTime.getAsLong());
    }

    private String[] value(String key) {
        ConfigValue v = config.getConfigValue(key);
        return v == null || v.getValue() == null ? null : new String[] {v.getValue(), v.getSourceName()};
    }

    private record Snapshot(RouteTable table, Map<String, Route> routes, List<String> rejected, long generation, long readAt) {
    }
}
