package io.throttled.route;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A node of the table's index: the routes whose leading text segments lead exactly here, and the text
 * segments that lead further. A request walks down by its own segments and tests only the routes it passes.
 */
final class TrieNode {
    private static final Candidate[] NONE = {};
    private static final SegmentMap<TrieNode> LEAF = new SegmentMap<>(Map.of());

    private final Candidate[] candidates;
    private final SegmentMap<TrieNode> children;

    private TrieNode(Candidate[] candidates, SegmentMap<TrieNode> children) {
        this.candidates = candidates;
        this.children = children;
    }

    static TrieNode of(List<Candidate> ordered) {
        Builder root = new Builder();
        for (Candidate candidate : ordered) {
            Builder node = root;
            RoutePattern pattern = candidate.route.pattern();
            for (int i = 0; i < pattern.literalPrefixLength(); i++) {
                node = node.children.computeIfAbsent(pattern.literalSegment(i), segment -> new Builder());
            }
            node.candidates.add(candidate);
        }
        return root.build();
    }

    /** Adds to {@code found} every route along the path that matches it; the path must be clean. */
    Matches collect(String method, String path, Matches found) {
        TrieNode node = this;
        int start = 1;
        int n = path.length();
        int slashes = 0;
        for (int i = 0; i < n; i++) {
            slashes += path.charAt(i) == '/' ? 1 : 0;
        }
        while (true) {
            for (Candidate candidate : node.candidates) {
                if (candidate.matches(method, path, slashes, start)) {
                    found = Matches.add(found, candidate);
                }
            }
            if (start >= n) {
                return found;
            }
            int end = path.indexOf('/', start);
            if (end < 0) {
                end = n;
            }
            node = node.children.get(path, start, end);
            if (node == null) {
                return found;
            }
            start = end + 1;
        }
    }

    private static final class Builder {
        final List<Candidate> candidates = new ArrayList<>();
        final Map<String, Builder> children = new LinkedHashMap<>();

        TrieNode build() {
            Map<String, TrieNode> built = new LinkedHashMap<>();
            children.forEach((segment, child) -> built.put(segment, child.build()));
            return new TrieNode(candidates.isEmpty() ? NONE : candidates.toArray(NONE),
                    built.isEmpty() ? LEAF : new SegmentMap<>(built));
        }
    }
}
