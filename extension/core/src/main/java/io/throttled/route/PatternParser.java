package io.throttled.route;

import java.util.ArrayList;
import java.util.List;
import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;

/** Splits a route pattern into {@link Segment}s, rejecting what it cannot mean with a message that says why. */
final class PatternParser {
    static final String ALLOWED_FORMS = "allowed forms: /api/orders, /api/orders/{id}, /api/orders/{id: \\d+},"
            + " /api/*.json, /api/*/items, /api/**, /** (it starts with '/'; {name} is one segment, {name: regex}"
            + " a regex in RE2 syntax (a JAX-RS template's, without backreferences or lookaround); * matches within one"
            + " segment; ** is a whole segment, zero or more segments)";
    /** JAX-RS's template name: a word character, then word characters, '.' or '-'. */
    private static final Pattern NAME = Pattern.compile("\\w[\\w.-]*");

    private final String pattern;

    private PatternParser(String pattern) {
        this.pattern = pattern;
    }

    static List<Segment> parse(String pattern) {
        if (pattern == null || pattern.isBlank()) {
            throw invalid(pattern, "it is empty");
        }
        return new PatternParser(pattern).segments(pattern.strip());
    }

    static IllegalArgumentException invalid(String pattern, String reason) {
        return new IllegalArgumentException("'" + pattern + "' is not a route pattern: " + reason + "; " + ALLOWED_FORMS);
    }

    private List<Segment> segments(String text) {
        if (text.charAt(0) != '/') {
            throw fail("it must start with '/'");
        }
        List<Segment> segments = new ArrayList<>();
        for (String raw : split(text)) {
            Segment segment = segment(raw);
            boolean repeatedAny = segment == Segment.ANY && !segments.isEmpty() && segments.get(segments.size() - 1) == Segment.ANY;
            if (!repeatedAny) { // '/**/**' means the same as '/**'
                segments.add(segment);
            }
        }
        return segments;
    }

    /** Cuts at each '/' outside braces (a template's regex may hold '/' and '{n}'); empty segments are dropped. */
    private List<String> split(String text) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int opened = -1;
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : '/';
            if (c == '{') {
                if (depth++ == 0) {
                    opened = i;
                }
            } else if (c == '}') {
                if (depth-- == 0) {
                    throw fail("the '}' at index " + i + " closes no '{'");
                }
            } else if (c == '/' && depth == 0) {
                if (i > start) {
                    parts.add(text.substring(start, i));
                }
                start = i + 1;
            }
        }
        if (depth > 0) {
            throw fail("the '{' at index " + opened + " is never closed");
        }
        return parts;
    }

    private Segment segment(String raw) {
        if (raw.equals("**")) {
            return Segment.ANY;
        }
        if (raw.equals(".") || raw.equals("..")) {
            throw fail("'" + raw + "' segments are not allowed (request paths are normalised before matching)");
        }
        List<Integer> tokens = new ArrayList<>();
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        boolean wildcard = false;
        boolean customRegex = false;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '*') {
                if (i + 1 < raw.length() && raw.charAt(i + 1) == '*') {
                    throw fail("'**' must be a whole segment, not part of '" + raw + "'");
                }
                flush(literal, regex);
                tokens.add(Segment.STAR);
                regex.append("[^/]*");
                wildcard = true;
            } else if (c == '{') {
                int close = closingBrace(raw, i);
                flush(literal, regex);
                String template = raw.substring(i, close + 1);
                String body = template.substring(1, template.length() - 1);
                int colon = body.indexOf(':');
                String name = (colon < 0 ? body : body.substring(0, colon)).strip();
                checkName(template, name);
                if (colon < 0) {
                    tokens.add(Segment.ONE);
                    tokens.add(Segment.STAR);
                    regex.append("[^/]+");
                } else {
                    regex.append("(?:").append(checkedRegex(template, body.substring(colon + 1).strip())).append(')');
                    customRegex = true;
                }
                wildcard = true;
                i = close;
            } else if (c == '?' || c == '#') {
                throw fail("'" + c + "' is not allowed (the query and fragment are not matched, and '?' is no wildcard)");
            } else {
                literal.append(c);
                tokens.add((int) c);
            }
        }
        flush(literal, regex);
        if (customRegex) {
            return new Segment(Segment.Kind.REGEX, raw, null, regex.toString());
        }
        if (!wildcard) {
            return new Segment(Segment.Kind.LITERAL, raw, null, regex.toString());
        }
        return new Segment(Segment.Kind.GLOB, raw, tokens.stream().mapToInt(Integer::intValue).toArray(), regex.toString());
    }

    private static void flush(StringBuilder literal, StringBuilder regex) {
        if (literal.length() > 0) {
            regex.append(Pattern.quote(literal.toString()));
            literal.setLength(0);
        }
    }

    /** split() has checked that braces balance, so the matching one is in this segment. */
    private static int closingBrace(String raw, int open) {
        int depth = 0;
        for (int i = open; ; i++) {
            char c = raw.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
    }

    private void checkName(String template, String name) {
        if (name.isEmpty()) {
            throw fail("the template '" + template + "' has no name");
        }
        if (!NAME.matcher(name).matches()) {
            throw fail("the template name '" + name + "' in '" + template
                    + "' must be letters, digits or '_', then also '.' or '-'");
        }
    }

    private String checkedRegex(String template, String regex) {
        if (regex.isEmpty()) {
            throw fail("the template '" + template + "' has an empty regex");
        }
        try {
            Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw fail("the regex in '" + template + "' is invalid: " + e.getDescription());
        }
        return regex;
    }

    private IllegalArgumentException fail(String reason) {
        return invalid(pattern, reason);
    }
}
