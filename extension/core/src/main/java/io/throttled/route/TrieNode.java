package io.throttled.route;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A node of the table's index: the routes whose indexed leading segments lead exactly here, the text segments
 * that lead further, and the edge for a segment that matches anything ({@code *}, {@code {id}}). A request walks
 * down by its own segments, along both edges where both exist, and tests only the routes at the nodes it
 * reaches; in a tree each node is reached at most once.
 */
final class TrieNode {
    private static final Candidate[] NONE = {};
    private static final SegmentMap<TrieNode> LEAF = new SegmentMap<>(Map.of());

    private final Candidate[] candidates;
    private final SegmentMap<TrieNode> children;
    private final TrieNode anySegment;

    private TrieNode(Candidate[] candidates, SegmentMap<TrieNode> children, TrieNode anySegment) {
        this.candidates = candidates;
        this.children = children;
        this.anySegment = anySegment;
    }

    static TrieNode of(List<Candidate> ordered) {
        Builder root = new Builder();
        for (Candidate candidate : ordered) {
            Builder node = root;
            RoutePattern pattern = candidate.route.pattern();
            for (int i = 0; i < pattern.indexedPrefixLength(); i++) {
                String key = pattern.indexKey(i);
                if (key == null) {
                    node = node.anySegment == null ? (node.anySegment = new Builder()) : node.anySegment;
                } else {
                    node = node.children.computeIfAbsent(key, segment -> new Builder());
                }
            }
            node.candidates.add(candidate);
        }
        return root.build();
    }

    /** Adds to {@code found} every route that matches a clean path with {@code slashes} '/'. */
    Matches collect(String method, String path, int slashes, Matches found) {
        return collect(method, path, slashes, 1, found);
    }

    /** {@code start}: where the path's next segment starts (past the end when there is none). */
    private Matches collect(String method, String path, int slashes, int start, Matches found) {
        for (Candidate candidate : candidates) {
            if (candidate.matches(method, path, slashes, start)) {
                found = Matches.add(found, candidate);
            }
        }
        int n = path.length();
        if (start >= n) {
            return found;
        }
        int end = path.indexOf('/', start);
        if (end < 0) {
            end = n;
        }
        TrieNode text = children.get(path, start, end);
        if (text != null) {
            found = text.collect(method, path, slashes, end + 1, found);
        }
        if (anySegment != null) {
            found = anySegment.collect(method, path, slashes, end + 1, found);
        }
        return found;
    }

    private static final class Builder {
        final List<Candidate> candidates = new ArrayList<>();
        final Map<String, Builder> children = new LinkedHashMap<>();
        Builder anySegment;

        TrieNode build() {
            Map<String, TrieNode> built = new LinkedHashMap<>();
            children.forEach((segment, child) -> built.put(segment, child.build()));
            return new TrieNode(candidates.isEmpty() ? NONE : candidates.toArray(NONE),
                    built.isEmpty() ? LEAF : new SegmentMap<>(built), anySegment == null ? null : anySegment.build());
        }
    }
}
