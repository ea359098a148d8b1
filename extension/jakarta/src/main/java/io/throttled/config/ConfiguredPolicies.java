package io.throttled.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.eclipse.microprofile.config.Config;

/**
 * The policies config defines by its keys {@code throttled.policy.<name>.<field>}. Names may contain
 * dots; the last segment is the field. Only sources that list their names count (properties files,
 * system properties, server.xml): an environment variable can set a field, not introduce a policy.
 */
final class ConfiguredPolicies {
    private ConfiguredPolicies() {
    }

    static Set<String> names(Config config) {
        Set<String> names = new TreeSet<>();
        for (String key : ConfigKeys.allKeys(config)) {
            String[] parsed = parse(key);
            if (parsed != null && PolicyField.fromConfig(parsed[1]).isPresent() && !parsed[0].contains(Tiers.SEPARATOR)) {
                names.add(parsed[0]);
            }
        }
        return names;
    }

    /** Keys under {@code throttled.policy.} whose last segment is not a field: typos worth stopping for. */
    static List<String> unknownFields(Config config) {
        List<String> problems = new ArrayList<>();
        for (String key : ConfigKeys.allKeys(config)) {
            String[] parsed = parse(key);
            if (key.startsWith(ConfigKeys.POLICY_PREFIX) && (parsed == null || PolicyField.fromConfig(parsed[1]).isEmpty())) {
                problems.add("unknown setting " + key + "; a policy setting is throttled.policy.<name>.<field> with"
                        + " field one of " + PolicyField.allowedValues());
            } else if (parsed != null && parsed[0].contains(Tiers.SEPARATOR)) {
                String tier = parsed[0].substring(parsed[0].lastIndexOf(Tiers.SEPARATOR) + Tiers.SEPARATOR.length());
                if (!Tiers.NAME.matcher(tier).matches() || tier.equals(Tiers.DEFAULT)) {
                    problems.add("unknown setting " + key + "; a tier is throttled.policy.<name>.tier.<tier>.<field>,"
                            + " the tier letters, digits, _ and - ('default' is the policy itself)");
                } else if (!PolicyField.fromConfig(parsed[1]).get().shapesBuckets()) {
                    problems.add("unknown setting " + key + "; a tier sets only the fields of its buckets"
                            + " (" + PolicyField.bucketFieldNames() + "); " + parsed[1]
                            + " is the policy's, for every tier");
                }
            }
        }
        return problems;
    }

    /** {name, field} of a policy key, or null. */
    private static String[] parse(String key) {
        if (!key.startsWith(ConfigKeys.POLICY_PREFIX)) {
            return null;
        }
        String rest = key.substring(ConfigKeys.POLICY_PREFIX.length());
        int dot = rest.lastIndexOf('.');
        if (dot <= 0 || dot == rest.length() - 1) {
            return null;
        }
        return new String[] {rest.substring(0, dot), rest.substring(dot + 1)};
    }
}
