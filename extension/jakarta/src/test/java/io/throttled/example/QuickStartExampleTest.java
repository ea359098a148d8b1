package io.throttled.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.Throttled;
import io.throttled.core.Policy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's quick start is {@link OrdersResource} as compiled here, and its annotation makes a valid policy. */
class QuickStartExampleTest {

    @Test
    void theReadmeShowsTheResourceAsCompiled() throws IOException {
        String source = Files.readString(Path.of("src/example/java/io/throttled/example/OrdersResource.java"));
        String shown = source.substring(source.indexOf('\n', source.indexOf("// README: quick-start (begin)")) + 1,
                source.indexOf("// README: quick-start (end)"));
        assertThat(Files.readString(Path.of("..", "..", "README.md"))).contains("```java\n" + shown + "```");
    }

    @Test
    void itsAnnotationIsAValidPolicy() throws NoSuchMethodException {
        Throttled throttled = OrdersResource.class.getMethod("list").getAnnotation(Throttled.class);
        Policy policy = Policy.builder(throttled.value()).rate(throttled.rate()).key(throttled.key()).build();
        assertThat(policy.name()).isEqualTo("orders");
    }
}
