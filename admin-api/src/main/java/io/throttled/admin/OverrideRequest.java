package io.throttled.admin;

import io.throttled.core.Violation;
import io.throttled.operator.Policies;
import io.throttled.operator.Routes;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The body of {@code PUT throttled/policies/{name}}, read strictly: a JSON object whose members are the
 * config vocabulary, strings for {@code algorithm}, {@code rate}, {@code refill}, {@code key},
 * {@code max-wait} ({@code "2s"}), {@code lease} ({@code "auto"}), {@code lease-lifetime} ({@code "100ms"}) and
 * {@code failure-mode} ({@code "closed"}; not a tier's), and for the call rules, whole numbers for {@code burst},
 * {@code cost} and {@code max-waiters}, a boolean for {@code enforce}. Unknown members and wrong types
 * are violations, each named; {@code null} leaves a field to config. Fields are kept by their config name, as text.
 */
record OverrideRequest(Map<String, String> fields, Map<String, String> routeFields, List<Violation> violations) {

    OverrideRequest(Map<String, String> fields, List<Violation> violations) {
        this(fields, new LinkedHashMap<>(), violations);
    }

    static OverrideRequest parse(String body) {
        return parse(body, false);
    }

    /**
     * @param route whether the body describes a route: then {@code path} (string), {@code methods} (string or
     *              array of strings) and {@code priority} (whole number) are fields too
     */
    static OverrideRequest parse(String body, boolean route) {
        Map<String, String> fields = new LinkedHashMap<>();
        Map<String, String> routeFields = new LinkedHashMap<>();
        List<Violation> violations = new ArrayList<>();
        JsonObject json;
        try (JsonReader reader = Json.createReader(new StringReader(body == null ? "" : body))) {
            JsonValue value = reader.readValue();
            if (value.getValueType() != JsonValue.ValueType.OBJECT) {
                violations.add(new Violation("body", abbreviate(body), "must be a JSON object such as {\"rate\":\"10/1s\"}"));
                return new OverrideRequest(fields, violations);
            }
            json = value.asJsonObject();
        } catch (JsonException | IllegalStateException e) {
            violations.add(new Violation("body", abbreviate(body), "is not JSON: " + e.getMessage()));
            return new OverrideRequest(fields, violations);
        } catch (RuntimeException e) {
            // JSON-P builds each number as it reads: Parsson throws NumberFormatException for an exponent beyond an
            // int and UnsupportedOperationException past 1,100 digits
            violations.add(new Violation("body", abbreviate(body), "holds a value that cannot be read: " + e.getMessage()));
            return new OverrideRequest(fields, violations);
        }
        for (Map.Entry<String, JsonValue> member : json.entrySet()) {
            Optional<String> routeField = route ? field(Routes.fields(), member.getKey()) : Optional.empty();
            if (routeField.isPresent()) {
                routeField(routeField.get(), member.getValue(), routeFields, violations);
                continue;
            }
            Optional<String> field = field(Policies.fields(), member.getKey());
            if (field.isEmpty()) {
                violations.add(new Violation(member.getKey(), member.getValue().toString(),
                        "unknown field; allowed: " + (route ? String.join(", ", Routes.fields()) + ", " : "")
                                + String.join(", ", Policies.fields())));
                continue;
            }
            JsonValue value = member.getValue();
            if (value.getValueType() == JsonValue.ValueType.NULL) {
                continue;
            }
            String text = switch (field.get()) {
                case "burst", "cost", "max-waiters" -> wholeNumber(value);
                case "enforce" -> value == JsonValue.TRUE ? "true" : value == JsonValue.FALSE ? "false" : null;
                default -> value.getValueType() == JsonValue.ValueType.STRING ? ((jakarta.json.JsonString) value).getString() : null;
            };
            if (text == null) {
                violations.add(new Violation(field.get(), value.toString(), "must be " + expected(field.get())));
            } else {
                fields.put(field.get(), text);
            }
        }
        return new OverrideRequest(fields, routeFields, violations);
    }

    /**
     * What a tier's override may not hold: the call rules (count, exempt, tier-by, tiers, penalty) and the
     * failure mode are its policy's,
     * and a tier nothing defines yet needs a field of its own, or storing it would create nothing.
     */
    List<Violation> tierViolations(boolean newTier) {
        List<Violation> refused = new ArrayList<>();
        fields.forEach((field, value) -> {
            if (!Policies.bucketFields().contains(field)) {
                refused.add(new Violation(field, value, "a tier sets only the fields of its buckets ("
                        + String.join(", ", Policies.bucketFields()) + "); this one is its policy's"));
            }
        });
        if (newTier && fields.isEmpty() && violations.isEmpty()) {
            refused.add(new Violation("body", "{}", "a new tier needs a setting of its own, such as {\"rate\":\"20/1s\"}"));
        }
        return refused;
    }

    /** The vocabulary's name of a member, whose name may be in any case. */
    private static Optional<String> field(List<String> vocabulary, String member) {
        String name = member.toLowerCase(Locale.ROOT);
        return vocabulary.contains(name) ? Optional.of(name) : Optional.empty();
    }

    private static void routeField(String field, JsonValue value, Map<String, String> into, List<Violation> violations) {
        if (value.getValueType() == JsonValue.ValueType.NULL) {
            return;
        }
        String text = switch (field) {
            case "priority" -> wholeNumber(value);
            case "methods" -> value.getValueType() == JsonValue.ValueType.ARRAY
                    ? String.join(",", value.asJsonArray().stream().map(v -> v.getValueType() == JsonValue.ValueType.STRING
                        ? ((jakarta.json.JsonString) v).getString() : v.toString()).toList())
                    : value.getValueType() == JsonValue.ValueType.STRING ? ((jakarta.json.JsonString) value).getString() : null;
            default -> value.getValueType() == JsonValue.ValueType.STRING ? ((jakarta.json.JsonString) value).getString() : null;
        };
        if (text == null) {
            violations.add(new Violation(field, value.toString(), switch (field) {
                case "priority" -> "must be a whole JSON number";
                case "methods" -> "must be a JSON string (GET,POST) or an array of strings";
                default -> "must be a JSON string";
            }));
        } else {
            into.put(field, text);
        }
    }

    private static String wholeNumber(JsonValue value) {
        if (value instanceof JsonNumber number && number.isIntegral()) {
            try {
                return Long.toString(number.longValueExact());
            } catch (ArithmeticException tooLarge) {
                return null;
            }
        }
        return null;
    }

    private static String expected(String field) {
        return switch (field) {
            case "burst", "cost", "max-waiters" -> "a whole JSON number";
            case "enforce" -> "true or false";
            default -> "a JSON string";
        };
    }

    private static String abbreviate(String body) {
        String text = body == null ? "" : body.strip();
        return text.length() <= 60 ? text : text.substring(0, 60) + "...";
    }
}
