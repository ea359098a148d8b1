package io.throttled.route;

/**
 * One '/'-separated part of a route pattern and how it matches one segment of a normalised path.
 *
 * <p>Glob segments are compiled to tokens (a char, {@link #STAR} or {@link #ONE}) so they match a region of the
 * path without allocating; {@code {name}} is {@code ONE STAR}, one or more characters.
 */
final class Segment {
    enum Kind {
        /** Plain text, compared exactly (case-sensitive). */
        LITERAL,
        /** {@code *} and {@code {name}} mixed with text, within one segment. */
        GLOB,
        /** {@code **}: zero or more whole segments. */
        ANY_SEGMENTS,
        /** Holds a {@code {name: regex}}; the whole pattern is then matched by one regex. */
        REGEX
    }

    static final int STAR = -1;
    static final int ONE = -2;
    static final Segment ANY = new Segment(Kind.ANY_SEGMENTS, "**", null, null);

    final Kind kind;
    /** The segment as written in the pattern. */
    final String text;
    final int[] glob;
    /** This segment's part of the whole-pattern regex (without the '/' before it); null for {@code **}. */
    final String regex;

    Segment(Kind kind, String text, int[] glob, String regex) {
        this.kind = kind;
        this.text = text;
        this.glob = glob;
        this.regex = regex;
    }

    /**
     * Whether this segment matches every path segment: {@code *}, {@code {name}} or the like (path segments
     * are never empty, so one required character and stars accept them all).
     */
    boolean matchesAnySegment() {
        if (kind != Kind.GLOB) {
            return false;
        }
        int ones = 0;
        int stars = 0;
        for (int token : glob) {
            if (token == ONE) {
                ones++;
            } else if (token == STAR) {
                stars++;
            } else {
                return false;
            }
        }
        return ones <= 1 && stars >= 1;
    }

    /** Whether path[from, to), a non-empty segment, matches; only for LITERAL and GLOB segments. */
    boolean matches(String path, int from, int to) {
        if (kind == Kind.LITERAL) {
            return to - from == text.length() && path.startsWith(text, from);
        }
        return globMatches(glob, path, from, to);
    }

    /** The classic wildcard match: on a mismatch, let the last STAR take one more character and retry. */
    static boolean globMatches(int[] tokens, String s, int from, int to) {
        int t = 0;
        int i = from;
        int starToken = -1;
        int starFrom = -1;
        while (i < to) {
            if (t < tokens.length && (tokens[t] == ONE || tokens[t] == s.charAt(i))) {
                t++;
                i++;
            } else if (t < tokens.length && tokens[t] == STAR) {
                starToken = t++;
                starFrom = i;
            } else if (starToken >= 0) {
                t = starToken + 1;
                i = ++starFrom;
            } else {
                return false;
            }
        }
        while (t < tokens.length && tokens[t] == STAR) {
            t++;
        }
        return t == tokens.length;
    }
}
