package io.throttled.sample;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import java.time.Clock;
import java.time.Instant;

/**
 * Stamps each call to the partner with the instant it leaves ({@value #HEADER}, µs since the epoch), so the stub can
 * tell the spacing throttled gave the calls (their departures) from the jitter the HTTP hop adds (their arrivals).
 * Both ends read the same wall clock only when client and stub share a machine, as in the sample and its tests.
 */
public class SentAtStamp implements ClientRequestFilter {
    static final String HEADER = "X-Sent-At";
    private static final Clock CLOCK = Clock.systemUTC();   // µs resolution on Linux since Java 15

    @Override
    public void filter(ClientRequestContext request) {
        Instant now = CLOCK.instant();
        request.getHeaders().putSingle(HEADER, now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000);
    }
}
