package io.throttled.it.telemetry;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.TreeMap;

/** What the exporters received, one line each: {@code <metric> <scope> <unit> <attributes>=<value>}, spans. */
@Path("recorded")
@Produces(MediaType.TEXT_PLAIN)
public class RecordedResource {

    @GET
    @Path("metrics")
    public String metrics() {
        StringBuilder text = new StringBuilder();
        new TreeMap<>(Recorded.METRICS).forEach((name, value) -> text.append(name).append('=').append(value).append('\n'));
        return text.toString();
    }

    @GET
    @Path("metric-exports")
    public String metricExports() {
        return Integer.toString(Recorded.METRIC_EXPORTS.get());
    }

    @GET
    @Path("spans")
    public String spans() {
        return String.join("\n", Recorded.SPANS);
    }
}
