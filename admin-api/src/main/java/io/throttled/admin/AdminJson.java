package io.throttled.admin;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.Map;

/**
 * The admin API's answers as JSON text, written with JSON-P (which JAX-RS brings) rather than returned as objects
 * for JSON-B to write: on a server without JSON-B an object entity is a 500 after the change was made. Records become
 * objects as JSON-B wrote them before (members in lexicographic order, null members left out), maps objects (in their
 * own order), collections arrays.
 */
final class AdminJson {
    private AdminJson() {
    }

    /** 200 with this value as {@code application/json}. */
    static Response ok(Object value) {
        return Response.ok(text(value), MediaType.APPLICATION_JSON_TYPE).build();
    }

    static String text(Object value) {
        return json(value).toString();
    }

    private static JsonValue json(Object value) {
        if (value == null) {
            return JsonValue.NULL;
        }
        if (value instanceof JsonValue json) {
            return json;
        }
        if (value instanceof String text) {
            return Json.createValue(text);
        }
        if (value instanceof Boolean bool) {
            return bool ? JsonValue.TRUE : JsonValue.FALSE;
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return Json.createValue(((Number) value).longValue());
        }
        if (value instanceof Number number) {
            return Json.createValue(number.doubleValue());
        }
        if (value instanceof Enum<?> constant) {
            return Json.createValue(constant.name());
        }
        if (value instanceof Map<?, ?> map) {
            JsonObjectBuilder object = Json.createObjectBuilder();
            map.forEach((key, member) -> {
                if (member != null) {
                    object.add(String.valueOf(key), json(member));
                }
            });
            return object.build();
        }
        if (value instanceof Collection<?> items) {
            JsonArrayBuilder array = Json.createArrayBuilder();
            items.forEach(item -> array.add(json(item)));
            return array.build();
        }
        if (value instanceof Record record) {
            return object(record);
        }
        throw new IllegalArgumentException("no JSON form for " + value.getClass().getName());
    }

    private static JsonValue object(Record record) {
        JsonObjectBuilder object = Json.createObjectBuilder();
        RecordComponent[] components = record.getClass().getRecordComponents();
        Arrays.sort(components, Comparator.comparing(RecordComponent::getName));
        for (RecordComponent component : components) {
            Object member;
            try {
                member = component.getAccessor().invoke(record);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("cannot read " + component, e);
            }
            if (member != null) {
                object.add(component.getName(), json(member));
            }
        }
        return object.build();
    }
}
