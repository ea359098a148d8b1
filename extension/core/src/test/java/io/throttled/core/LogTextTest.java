package io.throttled.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LogTextTest {

    @Test
    void noTextFromOutsideCanStartALineOfItsOwn() {
        assertThat(LogText.of("k-1\r\n2026-12-06 INFO admin: user=root action=reset"))
                .isEqualTo("k-1\\r\\n2026-12-06 INFO admin: user=root action=reset").doesNotContain("\n", "\r");
        assertThat(LogText.of("a\u0000b\u001b[31mc\u2028d")).isEqualTo("a\\u0000b\\u001b[31mc\\u2028d");
        assertThat(LogText.of(null)).isEqualTo("null");
    }

    @Test
    void longTextIsCut() {
        assertThat(LogText.of("x".repeat(10_000))).hasSize(LogText.MAX_CHARS + " ...(10000 chars)".length() - 1)
                .endsWith("...(10000 chars)");
    }
}
