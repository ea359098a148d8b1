package it;

import static org.assertj.core.api.Assertions.assertThat;

import it.SampleServerExtension.SampleServer;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Two Liberty servers sharing one Redis admit, together, what the policy allows one client. */
@ExtendWith(SampleServerExtension.class)
class TwoServersIT {

    @Test
    void aBurstSentAlternatelyToTwoServersIsLimitedAsOne(SampleServer a) {
        a.flushRedis();
        try (LibertyServer b = LibertyServer.start("throttled-sample-b",
                Map.of("THROTTLED_REDIS_URL", a.redis().url()))) {
            int admittedByA = 0;
            int admittedByB = 0;
            long start = System.nanoTime();
            for (int i = 0; i < 40; i++) {
                String base = i % 2 == 0 ? a.server().baseUrl() : b.baseUrl();
                HttpResponse<String> r = Http.get(base + "/api/demo/ping");
                if (r.statusCode() == 200) {
                    if (i % 2 == 0) {
                        admittedByA++;
                    } else {
                        admittedByB++;
                    }
                } else {
                    assertThat(r.statusCode()).isEqualTo(429);
                }
            }
            long elapsedSeconds = (System.nanoTime() - start) / 1_000_000_000L + 1;

            // ping is a bucket of 10 refilled 1/s: one server alone would admit 10 of its 20, two independent
            // ones 20 together; shared, they admit 10 plus what refilled while the burst ran
            assertThat(admittedByA + admittedByB).isBetween(10, 10 + (int) elapsedSeconds);
            assertThat(admittedByA).isPositive();
            assertThat(admittedByB).isPositive();
        }
    }
}
