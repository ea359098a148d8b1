package io.throttled.example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.throttled.testing.redis.RedisExtension;
import io.throttled.testing.redis.TestRedis;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A plain Java user adds throttled-redis alone: this module's test class path is that (plus the test tools), and
 * the example of docs/guide/java-api.md limits calls on a real Redis through the {@code RateLimiter} API with
 * nothing of Jakarta or MicroProfile loadable.
 */
@ExtendWith(RedisExtension.class)
class PlainJavaExampleTest {

    @Test
    void nothingOfJakartaOrMicroProfileIsOnTheClassPath() {
        assertThat(Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(path -> new File(path).getName()))
                .noneMatch(jar -> jar.startsWith("jakarta.") || jar.startsWith("microprofile-")
                        || jar.startsWith("throttled-extension"));
        for (String type : new String[] {"jakarta.enterprise.inject.spi.Extension", "jakarta.ws.rs.core.Response",
                "jakarta.interceptor.InvocationContext", "org.eclipse.microprofile.config.Config"}) {
            assertThatThrownBy(() -> Class.forName(type)).as(type).isInstanceOf(ClassNotFoundException.class);
        }
    }

    /** docs/guide/java-api.md shows the example's body as it is compiled here, so the two cannot drift apart. */
    @Test
    void theGuideShowsTheExampleAsCompiled() throws IOException {
        String source = Files.readString(Path.of("src/test/java/io/throttled/example/IngestWorker.java"));
        String body = source.substring(source.indexOf('\n', source.indexOf("// docs: plain-java (begin)")) + 1,
                source.indexOf("    // docs: plain-java (end)"));
        String shown = body.lines().map(line -> line.startsWith("    ") ? line.substring(4) : line)
                .reduce((a, b) -> a + "\n" + b).orElseThrow();
        assertThat(Files.readString(Path.of("..", "..", "docs", "guide", "java-api.md")))
                .contains("```java\n" + shown + "\n```");
    }

    @Test
    void theExampleLimitsEachTenantOnRedis(TestRedis redis) {
        String tenant = UUID.randomUUID().toString();
        try (IngestWorker first = new IngestWorker(redis.url()); IngestWorker second = new IngestWorker(redis.url())) {
            for (int i = 0; i < 5; i++) {
                assertThat((i % 2 == 0 ? first : second).admit(tenant)).as("message %d", i).isZero();
            }
            assertThat(first.admit(tenant)).as("the sixth, on either worker").isPositive();
            assertThat(second.admit(tenant)).isPositive();
            assertThat(second.admit("other-" + tenant)).as("another tenant").isZero();
        }
    }
}
