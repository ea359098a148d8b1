package io.throttled.config;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Where a caller's tier comes from ({@code tier-by=}): {@code role:} (the first tier, in the policy's
 * {@code tiers} order, named after a role the caller has), {@code claim:<name>} (a MicroProfile JWT claim),
 * {@code header:<Name>} (believed only from a trusted proxy: a client must never pick its own tier) or
 * {@code bean:<name>} (a {@code TierResolver} bean). Empty: the policy has no tiers.
 */
public record TierSource(Kind kind, String argument) {
    public static final TierSource NONE = new TierSource(Kind.NONE, "");
    public static final String ALLOWED = "role:, claim:<name>, header:<Name>, bean:<name>";
    private static final Pattern NAME = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}");

    public enum Kind { NONE, ROLE, CLAIM, HEADER, BEAN }

    /** @throws IllegalArgumentException naming the value and the allowed forms */
    public static TierSource parse(String value) {
        String text = value == null ? "" : value.trim();
        if (text.isEmpty()) {
            return NONE;
        }
        int colon = text.indexOf(':');
        String kind = colon < 0 ? text : text.substring(0, colon).toLowerCase(Locale.ROOT);
        String argument = colon < 0 ? "" : text.substring(colon + 1).trim();
        switch (kind) {
            case "role":
                if (colon > 0 && argument.isEmpty()) {
                    return new TierSource(Kind.ROLE, "");
                }
                break;
            case "claim":
            case "header":
            case "bean":
                if (NAME.matcher(argument).matches()) {
                    return new TierSource(Kind.valueOf(kind.toUpperCase(Locale.ROOT)), argument);
                }
                break;
            default:
                break;
        }
        throw new IllegalArgumentException("unknown tier source '" + text + "'; allowed: " + ALLOWED);
    }

    @Override
    public String toString() {
        return kind == Kind.NONE ? "" : kind.name().toLowerCase(Locale.ROOT) + ":" + argument;
    }
}
