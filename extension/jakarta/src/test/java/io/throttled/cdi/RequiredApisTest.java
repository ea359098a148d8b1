package io.throttled.cdi;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.Test;

class RequiredApisTest {

    @Test
    void nothingIsMissingWhereTheApisAreVisible() {
        assertThat(RequiredApis.missing(getClass().getClassLoader())).isNull();
    }

    @Test
    void aLoaderWithoutTheApisIsToldWhichFeaturesToAdd() throws Exception {
        try (URLClassLoader bare = new URLClassLoader(new URL[0], null)) {
            assertThat(RequiredApis.missing(bare))
                    .startsWith("throttled: this application cannot use the throttled extension: the MicroProfile"
                            + " Config 3.x API (org.eclipse.microprofile.config.ConfigProvider) is not visible to it;"
                            + " the Jakarta Servlet 6.0 API (jakarta.servlet.http.HttpServletRequest) is not visible")
                    .contains("add <feature>mpConfig-3.1</feature> and <feature>servlet-6.0</feature>",
                            "provide those APIs");
        }
    }
}
