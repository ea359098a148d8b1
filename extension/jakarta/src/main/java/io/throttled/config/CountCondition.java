package io.throttled.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which calls a policy charges: {@code all} (the default: every call, before it runs), or
 * {@code status:<list>}, e.g. {@code status:401,403} or {@code status:5xx}: the call is only checked before
 * it runs (denied when the bucket could not pay for it) and charged after the response, when its status is
 * in the list. Entries are a status ({@code 401}), a class ({@code 4xx}) or a range ({@code 500-504}).
 */
public final class CountCondition {
    public static final CountCondition ALL = new CountCondition(List.of(), "all");
    public static final String ALLOWED = "all, or status:<list> with entries such as 401, 4xx, 500-504";

    private final List<int[]> ranges;
    private final String text;

    private CountCondition(List<int[]> ranges, String text) {
        this.ranges = ranges;
        this.text = text;
    }

    /** @throws IllegalArgumentException naming the value and the allowed forms */
    public static CountCondition parse(String value) {
        String text = value == null ? "" : value.trim();
        if (text.isEmpty() || text.equalsIgnoreCase("all")) {
            return ALL;
        }
        if (!text.toLowerCase(Locale.ROOT).startsWith("status:")) {
            throw new IllegalArgumentException("unknown count condition '" + text + "'; allowed: " + ALLOWED);
        }
        List<int[]> ranges = new ArrayList<>();
        for (String part : text.substring("status:".length()).split(",")) {
            ranges.add(range(part.trim().toLowerCase(Locale.ROOT), text));
        }
        return new CountCondition(List.copyOf(ranges), "status:" + text.substring("status:".length()).replace(" ", ""));
    }

    private static int[] range(String entry, String text) {
        try {
            if (entry.matches("[1-5]xx")) {
                int hundreds = (entry.charAt(0) - '0') * 100;
                return new int[] {hundreds, hundreds + 99};
            }
            int dash = entry.indexOf('-');
            int low = Integer.parseInt(dash < 0 ? entry : entry.substring(0, dash));
            int high = dash < 0 ? low : Integer.parseInt(entry.substring(dash + 1));
            if (low >= 100 && high <= 599 && low <= high) {
                return new int[] {low, high};
            }
        } catch (NumberFormatException e) {
            // reported below with the whole value
        }
        throw new IllegalArgumentException("'" + entry + "' in count '" + text + "' is not an HTTP status (100-599),"
                + " a class such as 4xx or a range such as 500-504; allowed: " + ALLOWED);
    }

    /** True for {@code all}: the call is charged before it runs, as without a condition. */
    public boolean countsAll() {
        return ranges.isEmpty();
    }

    /** Whether a response with this status is charged. */
    public boolean charges(int status) {
        if (ranges.isEmpty()) {
            return true;
        }
        for (int[] r : ranges) {
            if (status >= r[0] && status <= r[1]) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return text;
    }
}
