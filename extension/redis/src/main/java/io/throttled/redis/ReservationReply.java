package io.throttled.redis;

import io.throttled.core.Decision;
import io.throttled.core.Policy;
import io.throttled.core.Reservation;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a reservation script's reply (reserve.lua): a decision as {@link DecisionReply} reads it, or a reservation
 * {1, 0, 0, reset, index, wait_ms, slot_µs} followed by three values per limit (state written, state replaced,
 * its expiry).
 */
final class ReservationReply {
    private ReservationReply() {
    }

    static Decision parse(Policy policy, String key, Object reply) {
        if (!(reply instanceof List<?> values) || values.size() == 5) {
            return DecisionReply.parse(policy, reply);
        }
        int limits = policy.limits().size();
        if (values.size() != 7 + 3 * limits) {
            throw new IllegalStateException("unexpected reservation reply for policy '" + policy.name() + "': " + reply);
        }
        Decision decided = DecisionReply.parse(policy, values.subList(0, 5));
        List<String> written = new ArrayList<>(limits);
        List<String> previous = new ArrayList<>(limits);
        List<Long> expiries = new ArrayList<>(limits);
        for (int i = 0; i < limits; i++) {
            written.add(text(values.get(7 + 3 * i)));
            previous.add(text(values.get(8 + 3 * i)));
            expiries.add((Long) values.get(9 + 3 * i));
        }
        Reservation reservation = new Reservation(policy.name(), key, (Long) values.get(5), (Long) values.get(6),
                written, previous, expiries);
        return new Decision(true, decided.remaining(), 0, decided.resetAfterMillis(), decided.limit(), policy.name(),
                Decision.Origin.STORE, reservation);
    }

    private static String text(Object value) {
        return value instanceof byte[] bytes ? new String(bytes, java.nio.charset.StandardCharsets.UTF_8)
                : String.valueOf(value);
    }
}
