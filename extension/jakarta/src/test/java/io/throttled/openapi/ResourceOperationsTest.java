package io.throttled.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Resource methods found by the path and method a document lists them under. */
class ResourceOperationsTest {
    private final ResourceOperations operations = ResourceOperations.of("/api",
            List.of(DocumentedApplication.Demo.class, DocumentedApplication.Inherited.class));

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "/api/demo/items/{id}           | /api/demo/items/{}",
        "api//demo/items/{id: [0-9]+}/  | /api/demo/items/{}",
        "/a/{x: \\d{1,3}}/b/{y: .+/.+}  | /a/{}/b/{}",
        "/                              | /",
        "''                             | /",
    })
    void aTemplateIsReducedToItsShape(String template, String shape) {
        assertThat(ResourceOperations.shape(template)).isEqualTo(shape);
    }

    @Test
    void anOperationFindsItsMethodWhateverItsParametersAreCalledAndWhateverTheirRegex() throws Exception {
        assertThat(operations.find("GET", "/api/demo/items/{itemId}")).singleElement()
                .extracting(ResourceOperations.Endpoint::method)
                .isEqualTo(DocumentedApplication.Demo.class.getMethod("item", String.class));
        assertThat(operations.find("get", "/api/demo/ping")).hasSize(1);
        assertThat(operations.find("POST", "/api/demo/ping")).isEmpty();
        assertThat(operations.find("POST", "/api/demo/own")).hasSize(1);
        assertThat(operations.find("GET", "/api/demo/nothing")).isEmpty();
    }

    @Test
    void annotationsOfAnInterfaceMethodAreInherited() throws Exception {
        assertThat(operations.find("GET", "/api/inherited/x")).singleElement()
                .isEqualTo(new ResourceOperations.Endpoint(DocumentedApplication.Inherited.class,
                        DocumentedApplication.Inherited.class.getMethod("get")));
    }
}
