package io.throttled.openapi;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.media.Schema.SchemaType;

/**
 * Schemas of one type on MicroProfile OpenAPI 3.x and 4.x alike: 3.x sets the type with
 * {@code setType(SchemaType)}, which 4.x (OpenAPI 3.1, a list of types) replaced by {@code addType(SchemaType)};
 * a direct call compiled against either breaks on the other.
 */
final class SchemaTypes {
    private static final Method SET_TYPE = setter();

    private SchemaTypes() {
    }

    static Schema of(SchemaType type) {
        Schema schema = OASFactory.createSchema();
        try {
            SET_TYPE.invoke(schema, type);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot set the type of an OpenAPI schema through " + SET_TYPE, e);
        }
        return schema;
    }

    private static Method setter() {
        for (String name : new String[] {"setType", "addType"}) {
            try {
                return Schema.class.getMethod(name, SchemaType.class);
            } catch (NoSuchMethodException e) {
                // the other API version
            }
        }
        throw new IllegalStateException("this MicroProfile OpenAPI API has neither Schema.setType(SchemaType) (3.x) nor"
                + " Schema.addType(SchemaType) (4.x)");
    }
}
