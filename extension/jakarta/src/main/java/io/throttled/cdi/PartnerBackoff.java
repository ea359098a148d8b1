package io.throttled.cdi;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.OptionalLong;

/**
 * Reads a partner's "slow down" from what a Rest Client call ended with: a 429 answer, thrown (the client's
 * default exception mapper throws a {@link WebApplicationException} carrying it) or returned, and its
 * {@code Retry-After} as seconds or an HTTP date. Loaded only for policies with a penalty, so JAX-RS is needed only
 * there.
 */
final class PartnerBackoff {
    static final int TOO_MANY_REQUESTS = 429;

    private PartnerBackoff() {
    }

    /** The wait the partner asked for, in ms (at least 1), when the call ended in a 429 with Retry-After. */
    static OptionalLong retryAfterMillis(Object result, Throwable failure, Instant now) {
        Response response = result instanceof Response r ? r : null;
        for (Throwable t = failure; t != null && response == null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof WebApplicationException e) {
                response = e.getResponse();
            }
        }
        if (response == null || response.getStatus() != TOO_MANY_REQUESTS) {
            return OptionalLong.empty();
        }
        return parse(response.getHeaderString(HttpHeaders.RETRY_AFTER), now);
    }

    /** RFC 9110: delay-seconds or an HTTP-date; anything else, or a date already past, asks for nothing. */
    static OptionalLong parse(String retryAfter, Instant now) {
        if (retryAfter == null || retryAfter.isBlank()) {
            return OptionalLong.empty();
        }
        String value = retryAfter.trim();
        if (value.chars().allMatch(Character::isDigit)) {
            long seconds = value.length() > 9 ? Long.MAX_VALUE / 1000 : Long.parseLong(value);
            return seconds == 0 ? OptionalLong.empty() : OptionalLong.of(seconds * 1000);
        }
        try {
            long millis = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().toEpochMilli()
                    - now.toEpochMilli();
            return millis >= 1 ? OptionalLong.of(millis) : OptionalLong.empty();
        } catch (DateTimeParseException e) {
            return OptionalLong.empty();
        }
    }
}
