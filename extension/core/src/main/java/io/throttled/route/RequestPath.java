package io.throttled.route;

import java.util.ArrayList;
import java.util.List;

/**
 * The forms of a request path that routes are matched against.
 *
 * <p>A matched form is "clean": it starts with '/', has no empty segment and no trailing '/' (the root is
 * {@code /}). Servers differ in what they do with dot segments ({@code /api/../admin}) and with ';'
 * parameters ({@code /admin;x=1/users}): some resolve or strip them before dispatch, some don't. So a path
 * that has either is matched in every form a server might dispatch it as, and a route that matches any form
 * applies: a client cannot escape a limit with them, at worst it is counted by one more route.
 */
final class RequestPath {
    private RequestPath() {
    }

    /**
     * Whether the path is already its only form: clean, with no dot segment and no ';'. Allocation-free,
     * so the common request skips {@link #forms}.
     */
    static boolean isPlain(String path) {
        return plainSlashes(path) >= 0;
    }

    /** The number of '/' in a plain path (one scan for both answers), or -1 if it is not plain. */
    static int plainSlashes(String path) {
        int n = path.length();
        if (n == 0 || path.charAt(0) != '/') {
            return -1;
        }
        if (n == 1) {
            return 1;
        }
        if (path.charAt(n - 1) == '/') {
            return -1;
        }
        int slashes = 1;
        int segmentStart = 1;
        for (int i = 1; i <= n; i++) {
            char c = i < n ? path.charAt(i) : '/';
            if (c == ';') {
                return -1;
            }
            if (c == '/') {
                if (i == segmentStart || isDots(path, segmentStart, i)) {
                    return -1;
                }
                slashes += i < n ? 1 : 0;
                segmentStart = i + 1;
            }
        }
        return slashes;
    }

    /** The number of '/' in a clean path. */
    static int slashes(String cleanPath) {
        int slashes = 0;
        for (int i = 0; i < cleanPath.length(); i++) {
            slashes += cleanPath.charAt(i) == '/' ? 1 : 0;
        }
        return slashes;
    }

    /** The distinct clean forms of a path: as given, with dot segments resolved, with ';' parameters removed. */
    static List<String> forms(String path) {
        List<String> segments = segments(path);
        List<String> forms = new ArrayList<>(3);
        forms.add(join(segments));
        addIfNew(forms, join(resolveDots(segments)));
        if (path.indexOf(';') >= 0) {
            addIfNew(forms, join(resolveDots(segments(stripParameters(path)))));
        }
        return forms;
    }

    /** The path as routes see it when dot segments are resolved (what {@code canMatchUnder} compares with). */
    static List<String> resolvedSegments(String path) {
        return resolveDots(segments(path));
    }

    private static void addIfNew(List<String> forms, String form) {
        if (!forms.contains(form)) {
            forms.add(form);
        }
    }

    private static List<String> segments(String path) {
        List<String> segments = new ArrayList<>();
        for (String segment : path.split("/")) {
            if (!segment.isEmpty()) {
                segments.add(segment);
            }
        }
        return segments;
    }

    /** RFC 3986 remove_dot_segments: '.' goes, '..' removes the segment before it, and stops at the root. */
    private static List<String> resolveDots(List<String> segments) {
        List<String> resolved = new ArrayList<>(segments.size());
        for (String segment : segments) {
            if (segment.equals("..")) {
                if (!resolved.isEmpty()) {
                    resolved.remove(resolved.size() - 1);
                }
            } else if (!segment.equals(".")) {
                resolved.add(segment);
            }
        }
        return resolved;
    }

    /** Removes each segment's ';' parameters, as a servlet container does: {@code /a;x=1/b;y} is {@code /a/b}. */
    private static String stripParameters(String path) {
        StringBuilder out = new StringBuilder(path.length());
        boolean inParameters = false;
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '/') {
                inParameters = false;
            } else if (c == ';') {
                inParameters = true;
            }
            if (!inParameters) {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static String join(List<String> segments) {
        if (segments.isEmpty()) {
            return "/";
        }
        StringBuilder out = new StringBuilder();
        for (String segment : segments) {
            out.append('/').append(segment);
        }
        return out.toString();
    }

    private static boolean isDots(String path, int from, int to) {
        int length = to - from;
        return (length == 1 || length == 2) && path.charAt(from) == '.' && path.charAt(to - 1) == '.';
    }
}
