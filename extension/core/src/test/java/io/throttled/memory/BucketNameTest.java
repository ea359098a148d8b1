package io.throttled.memory;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Bucket names compare packed short keys by their longs and longer ones by their strings, with the same answers. */
class BucketNameTest {

    @Test
    void shortKeysAreEqualExactlyWhenTheirTextIs() {
        assertThat(new BucketName("p", "10.0.0.1")).isEqualTo(new BucketName("p", new String("10.0.0.1")))
                .hasSameHashCodeAs(new BucketName("p", "10.0.0.1"));
        assertThat(new BucketName("p", "10.0.0.1")).isNotEqualTo(new BucketName("p", "10.0.0.2"));
        assertThat(new BucketName("p", "abcdefgh")).isNotEqualTo(new BucketName("p", "abcdefghi"));   // 8 and 9
        assertThat(new BucketName("p", "")).isNotEqualTo(new BucketName("p", "a"));
        assertThat(new BucketName("p", "k1")).isNotEqualTo(new BucketName("q", "k1"));
    }

    @Test
    void keysAtAndBeyondThePackedLengthCompareByText() {
        String sixteen = "0123456789abcdef";
        String seventeen = sixteen + "x";
        assertThat(new BucketName("p", sixteen)).isEqualTo(new BucketName("p", new String(sixteen)))
                .isNotEqualTo(new BucketName("p", "0123456789abcdeg"))
                .isNotEqualTo(new BucketName("p", seventeen));
        assertThat(new BucketName("p", seventeen)).isEqualTo(new BucketName("p", new String(seventeen)))
                .isNotEqualTo(new BucketName("p", sixteen + "y"));
        // differs only past the packed length: the strings decide
        assertThat(new BucketName("p", "2001:db8::1:2:3:4:5")).isNotEqualTo(new BucketName("p", "2001:db8::1:2:3:4:6"));
    }

    @Test
    void nonAsciiKeysCompareByText() {
        assertThat(new BucketName("p", "é")).isEqualTo(new BucketName("p", new String("é")))
                .isNotEqualTo(new BucketName("p", "e"));
        assertThat(new BucketName("p", "\u0000")).isNotEqualTo(new BucketName("p", ""));
    }
}
