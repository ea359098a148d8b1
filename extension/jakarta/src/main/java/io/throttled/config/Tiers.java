package io.throttled.config;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.Config;

/**
 * The tiers of a policy: {@code <prefix>tier.<tier>.<field>} keys (config or runtime overrides) and the
 * policy's {@code tiers=} list, which also fixes the order {@code tier-by=role:} tries them in. A tier is the
 * policy {@code <policy>.tier.<tier>} with buckets of its own; the caller who matches no tier gets the policy
 * itself, the default tier. The value {@code unlimited} for a tier's rate admits its callers without deciding.
 */
public final class Tiers {
    /** Between a policy's name and a tier's in the tier's policy name and config keys. */
    public static final String SEPARATOR = ".tier.";
    public static final String DEFAULT = "default";
    public static final String UNLIMITED = "unlimited";
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,63}");

    private Tiers() {
    }

    /** The {@code tiers=} list: tier names, comma separated, in the order {@code role:} tries them. */
    static List<String> parseOrder(String text) {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        Set<String> names = new LinkedHashSet<>();
        for (String part : text.split(",")) {
            String name = part.trim();
            if (!NAME.matcher(name).matches() || name.equals(DEFAULT)) {
                throw new IllegalArgumentException("'" + name + "' is not a tier name (letters, digits, _ and -;"
                        + " 'default' is the policy itself)");
            }
            if (!names.add(name)) {
                throw new IllegalArgumentException("tier '" + name + "' is listed twice");
            }
        }
        return List.copyOf(names);
    }

    /** Every tier of the policy under this config prefix: the {@code tiers=} list first, then the others, sorted. */
    static List<String> names(Config config, String configPrefix, List<String> order) {
        Set<String> found = new java.util.TreeSet<>();
        String stem = configPrefix + "tier.";
        for (String key : ConfigKeys.allKeys(config)) {
            if (key.startsWith(stem)) {
                String rest = key.substring(stem.length());
                int dot = rest.indexOf('.');
                if (dot > 0 && PolicyField.fromConfig(rest.substring(dot + 1)).isPresent()) {
                    found.add(rest.substring(0, dot));
                }
            }
        }
        List<String> names = new ArrayList<>(order);
        found.stream().filter(n -> !names.contains(n)).forEach(names::add);
        return names;
    }

    /** The policy name of one tier. */
    public static String policyName(String policy, String tier) {
        return policy + SEPARATOR + tier;
    }
}
