package io.throttled.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.openapi.api.util.FilterUtil;
import io.throttled.cdi.TestConfig;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Ours is the application's OpenAPI filter unless it names one of its own; that one calls ours. Also: without a
 * started CDI container the document still gets the routes.
 */
class FilterDefaultTest {

    @AfterEach
    void clear() {
        TestConfig.clear();
    }

    @Test
    void theDefaultNamesTheFilterClass() {
        // a string, not ThrottledOASFilter.class: loading that class needs the OpenAPI API, which may be absent
        assertThat(new FilterDefault().getValue(FilterDefault.FILTER_KEY)).isEqualTo(ThrottledOASFilter.class.getName());
    }

    @Test
    void aFilterTheApplicationConfiguresAnywhereTakesItsPlace() {
        Config defaultOnly = new SmallRyeConfigBuilder().withSources(new FilterDefault()).build();
        assertThat(defaultOnly.getValue(FilterDefault.FILTER_KEY, String.class)).isEqualTo(ThrottledOASFilter.class.getName());

        Config withOwn = new SmallRyeConfigBuilder().withSources(new FilterDefault(),
                new PropertiesConfigSource(Map.of(FilterDefault.FILTER_KEY, "com.example.AppFilter"),
                        "microprofile-config.properties", 100)).build();
        assertThat(withOwn.getValue(FilterDefault.FILTER_KEY, String.class)).isEqualTo("com.example.AppFilter");
    }

    /** What docs/guide/openapi.md tells an application with its own filter to do, run as a MicroProfile OpenAPI runtime does. */
    @Test
    void anApplicationsFilterThatCallsOursGetsBoth() {
        routeOverEverything();
        OpenAPI model = OpenApiModels.of("GET /api/a");

        OpenAPI filtered = FilterUtil.applyFilter(new ApplicationFilter(), model);

        Operation a = filtered.getPaths().getPathItem("/api/a").getGET();
        assertThat(a.getSummary()).isEqualTo("the application's");
        assertThat(a.getResponses().getAPIResponses()).containsKeys("200", "429");
        assertThat(OpenApiModels.parse(filtered).getMessages()).isEmpty();
    }

    /** Nothing says which resource methods exist then, but routes are config: they are documented. */
    @Test
    void withoutAStartedCdiContainerTheRoutesAreStillDocumented() {
        routeOverEverything();
        OpenAPI model = OpenApiModels.of("GET /api/a");

        new ThrottledOASFilter().filterOpenAPI(model);

        Operation a = model.getPaths().getPathItem("/api/a").getGET();
        assertThat(a.getResponses().getAPIResponses()).containsKey("429");
        assertThat(a.getExtensions().get(PolicyDescriptions.EXTENSION)).asList().hasSize(1);
    }

    private static void routeOverEverything() {
        TestConfig.set("throttled.route.everything.path", "/**");
        TestConfig.set("throttled.route.everything.rate", "10/1s");
    }

    public static class ApplicationFilter implements OASFilter {
        @Override
        public Operation filterOperation(Operation operation) {
            return operation.summary("the application's");
        }

        @Override
        public void filterOpenAPI(OpenAPI openAPI) {
            new ThrottledOASFilter().filterOpenAPI(openAPI);
        }
    }
}
