package io.throttled.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of every Markdown file of the repository leads somewhere: the file or folder exists, and an
 * {@code #anchor} names a heading of the target by GitHub's rules. External links are not followed.
 */
class DocsLinksTest {
    private static final Path ROOT = Path.of("..", "..").toAbsolutePath().normalize();
    private static final Set<String> SKIPPED = Set.of("target", "node_modules", "wlp", ".git");
    /** An inline link or image, {@code [text](url)} or {@code [text](url "title")}. */
    private static final Pattern LINK =
            Pattern.compile("\\[[^\\]]*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    /** A reference definition, {@code [name]: url}. */
    private static final Pattern DEFINITION = Pattern.compile("^\\s{0,3}\\[[^\\]]+\\]:\\s*<?(\\S+?)>?(?:\\s+.*)?$");
    private static final Pattern HEADING = Pattern.compile("^\\s{0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:name|id)=\"([^\"]+)\"");

    @Test
    void everyRelativeLinkAndAnchorResolves() throws IOException {
        List<Path> files = markdownFiles();
        assertThat(files).as("Markdown files under " + ROOT).contains(ROOT.resolve("README.md"));
        Map<Path, Set<String>> anchors = new HashMap<>();
        List<String> broken = new ArrayList<>();
        for (Path file : files) {
            for (String link : links(Files.readString(file))) {
                String problem = problem(file, link, anchors);
                if (problem != null) {
                    broken.add(ROOT.relativize(file) + ": " + link + " (" + problem + ")");
                }
            }
        }
        assertThat(broken).as("broken links").isEmpty();
    }

    @Test
    void slugsFollowGitHub() {
        assertThat(anchorsOf("# Over a server's life: redeploys leave nothing behind\n## When Redis fails\n"
                + "## When Redis fails\n### `throttled.redis.url` and TLS\n## Reliability\n## When Redis fails"))
                .containsExactlyInAnyOrder("over-a-servers-life-redeploys-leave-nothing-behind", "when-redis-fails",
                        "when-redis-fails-1", "throttledredisurl-and-tls", "reliability", "when-redis-fails-2");
        assertThat(links("see [a](b.md#c) and ![i](d.png \"t\") and [x](https://e.org) `[no](code.md)`\n"
                + "```\n[no](fenced.md)\n```\n[r]: ref.md"))
                .containsExactly("b.md#c", "d.png", "https://e.org", "ref.md");
    }

    private static String problem(Path file, String link, Map<Path, Set<String>> anchors) throws IOException {
        if (link.matches("(?i)^[a-z][a-z0-9+.-]*:.*")) {
            return null;   // http, https, mailto: not checked
        }
        int hash = link.indexOf('#');
        String path = hash < 0 ? link : link.substring(0, hash);
        String anchor = hash < 0 ? null : link.substring(hash + 1);
        Path target = path.isEmpty() ? file : file.getParent().resolve(decode(path)).normalize();
        if (!Files.exists(target)) {
            return "no such file";
        }
        if (anchor == null || anchor.isEmpty()) {
            return null;
        }
        if (!target.toString().endsWith(".md")) {
            return "an anchor into a file that is not Markdown";
        }
        Set<String> known = anchors.computeIfAbsent(target, t -> {
            try {
                return anchorsOf(Files.readString(t));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        return known.contains(anchor.toLowerCase(Locale.ROOT)) ? null : "no heading '" + anchor + "' there";
    }

    private static String decode(String path) {
        return path.replace("%20", " ");
    }

    /** The lines of a Markdown text outside fenced blocks (``` or ~~~), where links and headings count. */
    static List<String> outsideFences(String markdown) {
        List<String> lines = new ArrayList<>();
        boolean fenced = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.stripLeading().startsWith("```") || line.stripLeading().startsWith("~~~")) {
                fenced = !fenced;
            } else if (!fenced) {
                lines.add(line);
            }
        }
        return lines;
    }

    /** The links of a Markdown text, outside code spans and fenced blocks. */
    static List<String> links(String markdown) {
        List<String> found = new ArrayList<>();
        for (String line : outsideFences(markdown)) {
            String text = line.replaceAll("`[^`]*`", "");
            Matcher definition = DEFINITION.matcher(text);
            if (definition.matches()) {
                found.add(definition.group(1));
                continue;
            }
            Matcher link = LINK.matcher(text);
            while (link.find()) {
                found.add(link.group(1));
            }
        }
        return found;
    }

    /** The anchors GitHub gives a Markdown text's headings (and explicit {@code <a name>}s). */
    static Set<String> anchorsOf(String markdown) {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : outsideFences(markdown)) {
            Matcher html = HTML_ANCHOR.matcher(line);
            while (html.find()) {
                anchors.add(html.group(1).toLowerCase(Locale.ROOT));
            }
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = slug(heading.group(2));
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(n == 0 ? slug : slug + "-" + n);
            }
        }
        return anchors;
    }

    /** GitHub's slug: the heading lowercased, punctuation but {@code -} and {@code _} dropped, spaces to {@code -}. */
    static String slug(String heading) {
        String text = heading
                .replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1")   // a link's text stays, its target goes
                .replaceAll("<[^>]+>", "")                          // so do HTML tags
                .toLowerCase(Locale.ROOT);
        StringBuilder slug = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (c == ' ') {
                slug.append('-');
            } else if (c == '-' || c == '_' || Character.isLetterOrDigit(c)) {
                slug.appendCodePoint(c);
            }
        });
        return slug.toString();
    }

    private static List<Path> markdownFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        Files.walkFileTree(ROOT, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                return !dir.equals(ROOT) && SKIPPED.contains(dir.getFileName().toString())
                        ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (file.getFileName().toString().endsWith(".md")) {
                    files.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return files;
    }
}
