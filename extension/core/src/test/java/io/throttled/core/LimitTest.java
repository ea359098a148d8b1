package io.throttled.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LimitTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "10/1s            | 10   | 1000       | 10   | 10/1s",
        "1000/1h          | 1000 | 3600000    | 1000 | 1000/1h",
        "60/1m;burst=100  | 60   | 60000      | 100  | 60/1m;burst=100",
        "5/250ms          | 5    | 250        | 5    | 5/250ms",
        "10/s             | 10   | 1000       | 10   | 10/1s",
        "' 7 / 90s ; burst = 3 ' | 7 | 90000 | 3 | 7/90s;burst=3",
        "3/1500ms         | 3    | 1500       | 3    | 3/1500ms",
        "1/30d            | 1    | 2592000000 | 1    | 1/30d",
        "1/1440m          | 1    | 86400000   | 1    | 1/1d",
    })
    void parsesTheAcceptedForms(String text, long quantity, long windowMillis, long burst, String canonical) {
        Limit limit = Limit.parse(text);

        assertThat(limit.quantity()).isEqualTo(quantity);
        assertThat(limit.windowMillis()).isEqualTo(windowMillis);
        assertThat(limit.burst()).isEqualTo(burst);
        assertThat(limit).hasToString(canonical);
        assertThat(Limit.parse(limit.toString())).isEqualTo(limit);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "''                    | it is empty",
        "10                    | expected quantity/window",
        "ten/1s                | expected quantity/window",
        "10/1x                 | unknown time unit 'x'",
        "0/1s                  | quantity 0 must be at least 1",
        "-5/1s                 | quantity -5 must be at least 1",
        "10/0s                 | window 0s must be at least 1ms",
        "10/-1s                | window -1s must be at least 1ms",
        "10/367d               | window 367d is longer than 366d",
        "10/1s;burst=0         | burst 0 must be at least 1",
        "10/1s;burst=-3        | burst -3 must be at least 1",
        "10/1s;size=3          | unknown option 'size=3'",
        "99999999999999999999/1s | quantity 99999999999999999999 is too large",
    })
    void rejectsBadTextQuotingItAndShowingTheAcceptedForms(String text, String reason) {
        assertThatThrownBy(() -> Limit.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("'" + text + "' is not a limit: " + reason)
                .hasMessageContaining("accepted forms: 10/1s, 1000/1h, 60/1m;burst=100, 5/250ms");
    }

    @Test
    void parsesSeveralLimitsAndFormatsThemBack() {
        List<Limit> limits = Limit.parseAll("10/1s, 1000/1h;burst=1500");

        assertThat(limits).containsExactly(Limit.of(10, Duration.ofSeconds(1)),
                Limit.of(1000, Duration.ofHours(1)).withBurst(1500));
        assertThat(Limit.format(limits)).isEqualTo("10/1s,1000/1h;burst=1500");
    }

    @Test
    void anEmptyEntryInAListIsAnError() {
        assertThatThrownBy(() -> Limit.parseAll("10/1s,"))
                .hasMessageStartingWith("'' is not a limit: it is empty");
    }
}
