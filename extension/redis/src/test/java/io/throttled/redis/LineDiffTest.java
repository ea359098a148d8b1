package io.throttled.redis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The golden test's diff reads as {@code diff -u} would print it. */
class LineDiffTest {
    private static final String TEN = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n";

    @Test
    void equalTextsHaveNoDiff() {
        assertThat(LineDiff.unified("a", TEN, "b", TEN)).isEmpty();
    }

    @Test
    void aChangedLineWithItsContext() {
        assertThat(LineDiff.unified("a", TEN, "b", TEN.replace("5\n", "five\n"))).isEqualTo("""
                --- a
                +++ b
                @@ -2,7 +2,7 @@
                 2
                 3
                 4
                -5
                +five
                 6
                 7
                 8
                """);
    }

    @Test
    void distantChangesMakeTwoHunks() {
        assertThat(LineDiff.unified("a", "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "b", "0\n1\n2\n3\n4\n5\n6\n7\n8\n"))
                .isEqualTo("""
                        --- a
                        +++ b
                        @@ -1,3 +1,4 @@
                        +0
                         1
                         2
                         3
                        @@ -6,4 +7,3 @@
                         6
                         7
                         8
                        -9
                        """);
    }

    @Test
    void changesSixLinesApartShareAHunkSevenApartDoNot() {
        String twenty = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n";
        assertThat(LineDiff.unified("a", twenty, "b", twenty.replace("\n5\n", "\nfive\n").replace("\n12\n", "\nx\n")))
                .contains("@@ -2,14 +2,14 @@").doesNotContain("@@ -9");
        assertThat(LineDiff.unified("a", twenty, "b", twenty.replace("\n5\n", "\nfive\n").replace("\n13\n", "\nx\n")))
                .contains("@@ -2,7 +2,7 @@", "@@ -10,7 +10,7 @@");
    }

    @Test
    void aSideWithNoLineNamesTheLineBefore() {
        assertThat(LineDiff.unified("a", "", "b", "x\n")).isEqualTo("""
                --- a
                +++ b
                @@ -0,0 +1 @@
                +x
                """);
    }

    @Test
    void aLostFinalNewlineShows() {
        assertThat(LineDiff.unified("a", "x\ny\n", "b", "x\ny")).isEqualTo("""
                --- a
                +++ b
                @@ -1,2 +1,2 @@
                 x
                -y
                +y
                \\ No newline at end of file
                """);
    }
}
