package io.throttled.cdi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** A partner's Retry-After, as seconds or an HTTP date (RFC 9110), and what asks for nothing. */
class PartnerBackoffTest {
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

    private static String httpDate(Instant at) {
        return DateTimeFormatter.RFC_1123_DATE_TIME.format(at.atZone(ZoneOffset.UTC));
    }

    @Test
    void secondsAndDates() {
        assertThat(PartnerBackoff.parse("2", NOW)).hasValue(2_000);
        assertThat(PartnerBackoff.parse(" 120 ", NOW)).hasValue(120_000);
        assertThat(PartnerBackoff.parse(httpDate(NOW.plusSeconds(3)), NOW)).hasValue(3_000);
        assertThat(PartnerBackoff.parse("99999999999999", NOW).getAsLong()).isPositive();   // capped, not overflowed
    }

    @Test
    void nothingToWaitFor() {
        assertThat(PartnerBackoff.parse(null, NOW)).isEqualTo(OptionalLong.empty());
        assertThat(PartnerBackoff.parse("", NOW)).isEmpty();
        assertThat(PartnerBackoff.parse("0", NOW)).isEmpty();
        assertThat(PartnerBackoff.parse("-5", NOW)).isEmpty();
        assertThat(PartnerBackoff.parse("soon", NOW)).isEmpty();
        assertThat(PartnerBackoff.parse(httpDate(NOW.minusSeconds(3)), NOW)).isEmpty();
    }
}
