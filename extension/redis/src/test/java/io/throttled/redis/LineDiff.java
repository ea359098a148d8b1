package io.throttled.redis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A unified diff of two texts, line by line (a longest common subsequence), with three lines of context: what
 * {@code diff -u} prints, for {@link LuaScriptGoldenTest}'s failures. Written here rather than taken from a library:
 * the scripts are a few hundred lines, and the common head and tail are cut off before the quadratic part.
 */
final class LineDiff {
    private static final int CONTEXT = 3;

    private LineDiff() {
    }

    /** One line of the diff: ' ' (in both), '-' (only in the old text) or '+', and where it stands in each text. */
    private record Line(char op, String text, int oldIndex, int newIndex) {
    }

    /** The diff from {@code before} to {@code after}, headed with their names; "" when they are equal. */
    static String unified(String beforeName, String before, String afterName, String after) {
        if (before.equals(after)) {
            return "";
        }
        List<Line> lines = lines(split(before), split(after));
        StringBuilder out = new StringBuilder("--- ").append(beforeName).append('\n')
                .append("+++ ").append(afterName).append('\n');
        int i = 0;
        while (i < lines.size()) {
            if (lines.get(i).op() == ' ') {
                i++;
                continue;
            }
            int start = Math.max(0, i - CONTEXT);
            int end = hunkEnd(lines, i);
            hunk(out, lines.subList(start, end));
            i = end;
        }
        return out.toString();
    }

    /**
     * The end (exclusive) of the hunk whose first change is at {@code i}: a change at most twice the context after the
     * last one joins it, as their contexts would touch.
     */
    private static int hunkEnd(List<Line> lines, int i) {
        int lastChange = i;
        for (int j = i + 1; j < lines.size() && j <= lastChange + 2 * CONTEXT + 1; j++) {
            if (lines.get(j).op() != ' ') {
                lastChange = j;
            }
        }
        return Math.min(lines.size(), lastChange + CONTEXT + 1);
    }

    private static void hunk(StringBuilder out, List<Line> hunk) {
        int oldCount = 0;
        int newCount = 0;
        for (Line line : hunk) {
            oldCount += line.op() == '+' ? 0 : 1;
            newCount += line.op() == '-' ? 0 : 1;
        }
        Line first = hunk.get(0);
        out.append("@@ -").append(range(first.oldIndex(), oldCount))
                .append(" +").append(range(first.newIndex(), newCount)).append(" @@\n");
        for (Line line : hunk) {
            out.append(line.op()).append(line.text()).append('\n');
        }
    }

    /** As diff -u: from 1, a side with no line names the line before the hunk (0: the start), a count of 1 goes unsaid. */
    private static String range(int index, int count) {
        return count == 0 ? index + ",0" : count == 1 ? Integer.toString(index + 1) : (index + 1) + "," + count;
    }

    /** The lines of a text; a last line without its newline carries diff's note, so that a lost newline shows. */
    private static String[] split(String text) {
        String[] lines = text.split("\n", -1);
        if (lines[lines.length - 1].isEmpty()) {
            return Arrays.copyOf(lines, lines.length - 1);
        }
        lines[lines.length - 1] += "\n\\ No newline at end of file";
        return lines;
    }

    private static List<Line> lines(String[] a, String[] b) {
        int head = 0;
        while (head < a.length && head < b.length && a[head].equals(b[head])) {
            head++;
        }
        int tail = 0;
        while (tail < a.length - head && tail < b.length - head
                && a[a.length - 1 - tail].equals(b[b.length - 1 - tail])) {
            tail++;
        }
        int n = a.length - head - tail;
        int m = b.length - head - tail;
        // common[i][j]: the longest common subsequence of a's and b's middles from i and j on
        int[][] common = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                common[i][j] = a[head + i].equals(b[head + j])
                        ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        List<Line> lines = new ArrayList<>(a.length + b.length);
        for (int k = 0; k < head; k++) {
            lines.add(new Line(' ', a[k], k, k));
        }
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && a[head + i].equals(b[head + j])) {
                lines.add(new Line(' ', a[head + i], head + i++, head + j++));
            } else if (i < n && (j == m || common[i + 1][j] >= common[i][j + 1])) {
                lines.add(new Line('-', a[head + i], head + i++, head + j));   // as diff -u: removed lines first
            } else {
                lines.add(new Line('+', b[head + j], head + i, head + j++));
            }
        }
        for (int k = 0; k < tail; k++) {
            lines.add(new Line(' ', a[head + n + k], head + n + k, head + m + k));
        }
        return lines;
    }
}
