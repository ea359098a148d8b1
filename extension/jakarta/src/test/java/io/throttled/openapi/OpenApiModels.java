package io.throttled.openapi;

import io.smallrye.openapi.runtime.io.Format;
import io.smallrye.openapi.runtime.io.OpenApiSerializer;
import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Documents built by hand with the MicroProfile model (SmallRye's implementation), and read back by a parser. */
final class OpenApiModels {
    private static final Pattern PARAMETER = Pattern.compile("\\{([^}]+)}");
    private OpenApiModels() {
    }

    /** A document listing these operations ({@code "GET /api/demo/ping"}), each with a 200 response. */
    static OpenAPI of(String... operations) {
        OpenAPI model = OASFactory.createOpenAPI().openapi("3.0.3")
                .info(OASFactory.createInfo().title("test").version("1"))
                .paths(OASFactory.createPaths());
        for (String operation : operations) {
            String[] parts = operation.split(" ", 2);
            PathItem item = model.getPaths().getPathItem(parts[1]);
            if (item == null) {
                item = OASFactory.createPathItem();
                model.getPaths().addPathItem(parts[1], item);
            }
            org.eclipse.microprofile.openapi.models.Operation op = OASFactory.createOperation()
                    .responses(OASFactory.createAPIResponses().addAPIResponse("200",
                            OASFactory.createAPIResponse().description("ok")));
            Matcher parameter = PARAMETER.matcher(parts[1]);
            while (parameter.find()) {
                op.addParameter(OASFactory.createParameter().name(parameter.group(1)).in(Parameter.In.PATH).required(true)
                        .schema(SchemaTypes.of(Schema.SchemaType.STRING)));
            }
            item.setOperation(PathItem.HttpMethod.valueOf(parts[0]), op);
        }
        return model;
    }

    /** The document as JSON, as a server serves it. */
    static String json(OpenAPI model) {
        try {
            return OpenApiSerializer.serialize(model, Format.JSON);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The document read by the swagger parser, references left as they are; its messages are the problems found. */
    static SwaggerParseResult parse(OpenAPI model) {
        ParseOptions options = new ParseOptions();
        options.setResolve(false);
        return new OpenAPIParser().readContents(json(model), null, options);
    }
}
