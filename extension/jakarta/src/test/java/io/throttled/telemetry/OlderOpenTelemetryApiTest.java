package io.throttled.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.DoubleHistogramBuilder;
import io.opentelemetry.api.metrics.Meter;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A server's OpenTelemetry API may predate bucket-boundary advice (Payara 6's): the histogram is made without it,
 * and no decision fails with NoSuchMethodError.
 */
class OlderOpenTelemetryApiTest {

    @Test
    void withoutAdviceTheHistogramIsStillMade() {
        List<String> calls = new ArrayList<>();
        DoubleHistogram histogram = proxy(DoubleHistogram.class, calls, null);
        DoubleHistogramBuilder[] builder = new DoubleHistogramBuilder[1];
        builder[0] = (DoubleHistogramBuilder) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {DoubleHistogramBuilder.class}, (self, method, args) -> {
                    calls.add(method.getName());
                    return switch (method.getName()) {
                        case "setExplicitBucketBoundariesAdvice" -> throw new NoSuchMethodError(method.getName());
                        case "build" -> histogram;
                        default -> builder[0];
                    };
                });
        Meter meter = (Meter) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Meter.class},
                (self, method, args) -> builder[0]);

        assertThat(ThrottledTelemetry.durationHistogram(meter)).isSameAs(histogram);
        assertThat(calls).contains("setExplicitBucketBoundariesAdvice", "build");
    }

    private static <T> T proxy(Class<T> type, List<String> calls, Object answer) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (self, method, args) -> {
            calls.add(method.getName());
            return answer;
        }));
    }
}
