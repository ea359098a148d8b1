package io.throttled.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Random routes and random paths: the indexed table must answer exactly what testing every pattern in turn
 * answers, and the segment matcher exactly what a regex written from the pattern answers. A small alphabet
 * makes overlaps (shared prefixes, wildcards, catch-alls) frequent.
 */
class RouteTableCrossCheckTest {
    private static final String[] WORDS = {"a", "b", "ab", "v1", "x.json", "a.json"};
    private static final String[] PATTERN_SEGMENTS = {"a", "b", "ab", "v1", "x.json", "*", "{id}", "*.json", "a*",
        "{id}.json", "**", "{n: [ab]+}", "{p: .*}", "{v: v\\d}", "*b*", "{a}{b}", "{x}*", "**"};
    private static final String[] PATH_SEGMENTS = {"a", "b", "ab", "v1", "v2", "x.json", "a.json", "c", "bab",
        ".", "..", "a;x=1", ";y"};
    private static final String[] METHODS = {"GET", "POST", "get", "PUT", "HEAD"};

    @Test
    void theIndexedTableAgreesWithTestingEveryRoute() {
        int requests = 0;
        int matched = 0;
        int matchedSeveral = 0;
        for (long seed = 0; seed < 300; seed++) {
            Random random = new Random(seed);
            List<Route> routes = randomRoutes(random, 1 + random.nextInt(seed < 250 ? 20 : 300));
            RouteTable table = RouteTable.of(routes);
            List<Route> ordered = new ArrayList<>(routes);
            ordered.sort(RouteTable.ORDER);
            for (int i = 0; i < 200; i++) {
                String method = METHODS[random.nextInt(METHODS.length)];
                String path = randomPath(random, true);
                List<Route> expected = ordered.stream()
                        .filter(r -> RouteOracle.takesMethod(r, method) && r.pattern().matches(path)).toList();

                assertThat(table.match(method, path)).as("seed %d: %s %s in %s", seed, method, path, routes)
                        .containsExactlyElementsOf(expected);
                requests++;
                matched += expected.isEmpty() ? 0 : 1;
                matchedSeveral += expected.size() > 1 ? 1 : 0;
            }
        }
        // the check means something only if the random requests do meet routes, and often several
        assertThat(matched).isGreaterThan(requests / 5);
        assertThat(matchedSeveral).isGreaterThan(requests / 20);
    }

    @Test
    void theSegmentMatcherAgreesWithARegexWrittenFromThePattern() {
        Random random = new Random(42);
        for (int p = 0; p < 3000; p++) {
            String text = randomPattern(random);
            RoutePattern pattern = RoutePattern.parse(text);
            Pattern reference = referenceRegex(text);
            for (int i = 0; i < 50; i++) {
                String path = randomPath(random, false);
                // the root is '/' for regex templates; for the glob forms, the empty string of zero segments
                String subject = path.equals("/") && !text.contains(":") ? "" : path;

                assertThat(pattern.matches(path)).as("%s matches %s (reference %s)", text, path, reference)
                        .isEqualTo(reference.matcher(subject).matches());
            }
        }
    }

    private static List<Route> randomRoutes(Random random, int count) {
        List<Route> routes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Set<String> methods = switch (random.nextInt(4)) {
                case 0 -> Set.of("GET");
                case 1 -> Set.of("POST", "PUT");
                default -> Set.of();
            };
            routes.add(new Route("r" + i, RoutePattern.parse(randomPattern(random)), methods, random.nextInt(5) - 2));
        }
        return routes;
    }

    /** Mostly literal first segments, as real routes are, so the index has depth. */
    private static String randomPattern(Random random) {
        StringBuilder pattern = new StringBuilder();
        int length = random.nextInt(5);
        for (int i = 0; i < length; i++) {
            boolean literal = random.nextInt(3) > 0 && i < 2;
            pattern.append('/').append(literal ? WORDS[random.nextInt(WORDS.length)]
                    : PATTERN_SEGMENTS[random.nextInt(PATTERN_SEGMENTS.length)]);
        }
        return pattern.length() == 0 ? "/" : pattern.toString();
    }

    /** A clean path, or (messy) one with repeated or trailing '/', dot segments and ';' parameters. */
    private static String randomPath(Random random, boolean messy) {
        StringBuilder path = new StringBuilder();
        int length = random.nextInt(6);
        for (int i = 0; i < length; i++) {
            path.append(messy && random.nextInt(8) == 0 ? "//" : "/");
            String[] from = messy ? PATH_SEGMENTS : WORDS;
            path.append(from[random.nextInt(messy ? from.length : from.length)]);
        }
        if (messy && random.nextInt(6) == 0) {
            path.append('/');
        }
        String text = path.length() == 0 ? "/" : path.toString();
        return messy && random.nextInt(10) == 0 ? text.substring(1) : text;
    }

    /** The pattern as one regex, written independently of the parser (the patterns above have no '/' in templates). */
    private static Pattern referenceRegex(String pattern) {
        StringBuilder regex = new StringBuilder();
        for (String segment : pattern.split("/")) {
            if (segment.isEmpty()) {
                continue;
            }
            if (segment.equals("**")) {
                regex.append("(?:/[^/]+)*");
                continue;
            }
            regex.append('/');
            for (int i = 0; i < segment.length(); i++) {
                char c = segment.charAt(i);
                if (c == '*') {
                    regex.append("[^/]*");
                } else if (c == '{') {
                    int close = i;
                    for (int depth = 0; depth != 1 || segment.charAt(close) != '}'; close++) {
                        depth += segment.charAt(close) == '{' ? 1 : segment.charAt(close) == '}' ? -1 : 0;
                    }
                    String body = segment.substring(i + 1, close);
                    regex.append(body.contains(":") ? "(?:" + body.substring(body.indexOf(':') + 1).strip() + ")" : "[^/]+");
                    i = close;
                } else {
                    regex.append(Pattern.quote(String.valueOf(c)));
                }
            }
        }
        return Pattern.compile(regex.toString()); // the root pattern: zero segments, the empty subject
    }
}
