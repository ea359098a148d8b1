package io.throttled.route;

import java.util.List;
import com.google.re2j.Pattern;

/**
 * Which request paths a route applies to: a JAX-RS-style template or a glob.
 *
 * <h2>Syntax</h2>
 * A pattern starts with '/' and is made of '/'-separated segments. Each segment is one of:
 * <ul>
 *   <li>text, matched exactly and case-sensitively: {@code /api/orders};</li>
 *   <li>{@code {name}}: one or more characters within one segment (never '/'), as in JAX-RS:
 *       {@code /api/orders/{id}}. Names are letters, digits or '_', then also '.' or '-'; they only
 *       document the pattern (nothing is extracted);</li>
 *   <li>{@code {name: regex}}: a regex as in a JAX-RS template, in RE2 syntax (no backreferences or lookaround), matched
 *       in time linear in the path's length whatever the regex, since operators may set it at runtime; it may span
 *       segments:
 *       {@code /api/orders/{id: \d+}}, {@code /files/{path: .*}}. The regex may contain braces and '/'
 *       ({@code {code: \d{3}}});</li>
 *   <li>{@code *}: zero or more characters within one segment: {@code /api/*.json}, {@code /api/*}{@code /items};</li>
 *   <li>{@code **}, only as a whole segment: zero or more whole segments. {@code /api/**} matches {@code /api},
 *       {@code /api/} and {@code /api/a/b}; {@code /**} matches every path; {@code /api/**}{@code /export}
 *       matches {@code /api/export} and {@code /api/v1/orders/export}.</li>
 * </ul>
 * Text, {@code *} and templates mix within a segment: {@code /api/v{version}/*.csv}. There is no escape:
 * '{', '}' and '*' are always syntax, and '?' and '#' are refused (the query is not matched, and '?' is not
 * a wildcard). Leading and trailing blanks are ignored, and so are repeated '/' and a trailing '/'
 * ({@code /api//orders/} is {@code /api/orders}). A repeated {@code **} counts once.
 *
 * <h2>What is matched</h2>
 * The request path under the application's context root, already percent-decoded, e.g. {@code /api/orders/7}
 * (a decoded {@code %2F} is a separator like any '/'; a missing leading '/' is assumed). It is normalised first:
 * repeated '/' collapse and a trailing '/' is ignored, so {@code /api/orders/7/} matches {@code /api/orders/{id}}.
 * {@code *}, {@code {name}} and {@code **} therefore never see an empty segment, and {@code /api/*} does not
 * match {@code /api}.
 *
 * <p>Dot segments and ';' parameters cannot be used to escape a route. A path that contains them is matched
 * in each form a server might dispatch it as, and the route applies if any form matches: as given, with dot
 * segments resolved (RFC 3986; {@code ..} stops at the root) and with ';' parameters removed. So
 * {@code /api/../admin/users} and {@code /admin;x=1/users} both match {@code /admin/**} (and the first also
 * matches {@code /api/**}). Patterns themselves may not contain {@code .} or {@code ..} segments.
 *
 * <p>A pattern with a {@code {name: regex}} is matched as one RE2 regex over the normalised path (which has no
 * trailing '/', and is {@code /} for the root): its text is quoted, {@code *} is {@code [^/]*}, {@code {name}}
 * is {@code [^/]+}, {@code **} is {@code (?:/[^/]+)*}. So {@code /files/{path: .*}} matches {@code /files/a/b}
 * but not {@code /files} (use {@code /files/**} for that). Other patterns are matched segment by segment
 * without a regex and without allocating.
 *
 * <p>Instances are immutable and thread-safe; equal when their text (blanks stripped) is equal.
 */
public final class RoutePattern {
    private final String text;
    private final Segment[] segments;
    /** How many leading segments the table's index compares: text, or any one segment ({@code *}, {@code {id}}). */
    private final int indexedPrefix;
    /** How many '/' a clean path it matches has: a check that rejects most candidates before any matching. */
    private final int minSlashes;
    private final int maxSlashes;
    /** Set when a segment holds {@code {name: regex}}: the whole path is then matched by it. */
    private final Pattern regex;

    private RoutePattern(String text, List<Segment> segments) {
        this.text = text;
        this.segments = segments.toArray(new Segment[0]);
        int prefix = 0;
        while (prefix < this.segments.length && indexable(this.segments[prefix])) {
            prefix++;
        }
        this.indexedPrefix = prefix;
        this.regex = segments.stream().anyMatch(s -> s.kind == Segment.Kind.REGEX) ? wholeRegex(text, segments) : null;
        // each segment but '**' needs its own '/' (the root, no segment, has one); '**' and regexes may add more
        long fixed = segments.stream().filter(s -> s.kind != Segment.Kind.ANY_SEGMENTS).count();
        this.minSlashes = (int) Math.max(1, fixed);
        this.maxSlashes = regex != null || fixed < segments.size() ? Integer.MAX_VALUE : minSlashes;
    }

    /**
     * Parses a pattern.
     *
     * @throws IllegalArgumentException that quotes the pattern, says what is wrong and lists the allowed forms
     */
    public static RoutePattern parse(String pattern) {
        List<Segment> segments = PatternParser.parse(pattern); // first: it rejects null and blank
        return new RoutePattern(pattern.strip(), segments);
    }

    /** Whether this pattern matches a request path (see the class comment for the normalisation). */
    public boolean matches(String path) {
        if (RequestPath.isPlain(path)) {
            return matchesClean(path);
        }
        for (String form : RequestPath.forms(path)) {
            if (matchesClean(form)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether this pattern could match some path equal to {@code prefix} or under it, e.g. the JAX-RS
     * application path: {@code /static/**} cannot match under {@code /api}, so a route with it would never
     * apply. {@code prefix} is normalised like a request path; a trailing servlet-style {@code /*} is ignored,
     * and {@code /} or {@code ""} means everything. Conservative: it answers {@code false} only when no path can
     * match; once the prefix reaches a {@code {name: regex}} segment it answers {@code true}.
     */
    public boolean canMatchUnder(String prefix) {
        String trimmed = prefix.strip();
        if (trimmed.endsWith("/*")) {
            trimmed = trimmed.substring(0, trimmed.length() - 2);
        }
        List<String> under = RequestPath.resolvedSegments(trimmed);
        for (int i = 0; i < under.size(); i++) {
            if (i == segments.length) {
                return false; // the pattern ends above the prefix
            }
            Segment segment = segments[i];
            if (segment.kind == Segment.Kind.ANY_SEGMENTS || segment.kind == Segment.Kind.REGEX) {
                return true; // '**' absorbs the rest of the prefix; a regex might (assumed to)
            }
            String name = under.get(i);
            if (!segment.matches(name, 0, name.length())) {
                return false;
            }
        }
        return true; // whatever remains matches some longer path: no segment kind is unsatisfiable
    }

    /** The pattern as written, blanks stripped. */
    public String text() {
        return text;
    }

    /** Matches a clean path (see {@link RequestPath}). */
    boolean matchesClean(String path) {
        return regex != null ? regex.matcher(path).matches() : matchesSegments(path, 0, 1);
    }

    /**
     * Matches a clean path whose first {@link #indexedPrefixLength()} segments are known to match this
     * pattern's, the next segment starting at {@code rest}: the index has compared them already.
     */
    boolean matchesCleanAfterPrefix(String path, int rest) {
        return regex != null ? regex.matcher(path).matches() : matchesSegments(path, indexedPrefix, rest);
    }

    /** Whether a clean path with this many '/' could match: a cheap test before {@link #matchesClean}. */
    boolean admitsSlashes(int slashes) {
        return slashes >= minSlashes && slashes <= maxSlashes;
    }

    /** How many leading segments the index compares, each exactly one path segment (see {@link #indexKey}). */
    int indexedPrefixLength() {
        return indexedPrefix;
    }

    /** The text of an indexed segment, or null for one that matches any path segment. */
    String indexKey(int index) {
        Segment segment = segments[index];
        return segment.kind == Segment.Kind.LITERAL ? segment.text : null;
    }

    private static boolean indexable(Segment segment) {
        return segment.kind == Segment.Kind.LITERAL || segment.matchesAnySegment();
    }

    /**
     * Wildcard matching over whole segments, with {@code **} as the star: on a mismatch, the last {@code **}
     * takes one more segment and matching resumes after it. Exact because every other segment matches
     * exactly one path segment.
     */
    private boolean matchesSegments(String path, int firstSegment, int firstStart) {
        int n = path.length();
        int p = firstSegment;
        int start = firstStart;
        int anyAt = -1;
        int anyFrom = -1;
        while (start < n) {
            int end = path.indexOf('/', start);
            if (end < 0) {
                end = n;
            }
            if (p < segments.length && segments[p].kind != Segment.Kind.ANY_SEGMENTS && segments[p].matches(path, start, end)) {
                p++;
                start = end + 1;
            } else if (p < segments.length && segments[p].kind == Segment.Kind.ANY_SEGMENTS) {
                anyAt = p++;
                anyFrom = start;
            } else if (anyAt >= 0) {
                p = anyAt + 1;
                int next = path.indexOf('/', anyFrom);
                anyFrom = next < 0 ? n : next + 1;
                start = anyFrom;
            } else {
                return false;
            }
        }
        while (p < segments.length && segments[p].kind == Segment.Kind.ANY_SEGMENTS) {
            p++;
        }
        return p == segments.length;
    }

    private static Pattern wholeRegex(String text, List<Segment> segments) {
        StringBuilder regex = new StringBuilder();
        for (Segment segment : segments) {
            if (segment.kind == Segment.Kind.ANY_SEGMENTS) {
                regex.append("(?:/[^/]+)*");
            } else {
                regex.append('/').append(segment.regex);
            }
        }
        try {
            return Pattern.compile(regex.toString());
        } catch (com.google.re2j.PatternSyntaxException e) {
            // each template's regex compiled alone; together they can still clash (a repeated group name)
            throw PatternParser.invalid(text, "its templates' regexes do not combine: " + e.getDescription());
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RoutePattern that && text.equals(that.text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
