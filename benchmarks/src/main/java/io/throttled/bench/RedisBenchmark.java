package io.throttled.bench;

import io.throttled.redis.ScriptCall;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Runs {@code redis-benchmark} with EVALSHA of the same script and arguments our limiter sends. */
final class RedisBenchmark {
    record Result(double perSecond, double p50Millis, double p99Millis) implements Paired.Rated {
    }

    private RedisBenchmark() {
    }

    /**
     * @param keyPattern the key, with {@code __rand_int__} where redis-benchmark puts a random number
     */
    static Result evalsha(int port, ScriptCall call, String keyPattern, int clients, int pipeline, long requests) {
        List<String> command = new ArrayList<>(List.of("redis-benchmark", "-h", "127.0.0.1", "-p", Integer.toString(port),
                "-c", Integer.toString(clients), "-n", Long.toString(requests), "-P", Integer.toString(pipeline),
                "-r", "100000", "EVALSHA", call.script().sha1(), Integer.toString(call.keys().size())));
        for (String key : call.keys()) {
            command.add(keyPattern + key.substring(key.lastIndexOf(':')));
        }
        command.addAll(call.args());
        return parse(Tools.run(command, "apt-get install redis-tools"));
    }

    static Result parse(String output) {
        String text = output.replace('\r', '\n');
        Matcher rps = Pattern.compile("throughput summary: ([0-9.]+) requests per second").matcher(text);
        Matcher latency = Pattern.compile("avg\\s+min\\s+p50\\s+p95\\s+p99\\s+max\\s*\\n\\s*([0-9.]+)\\s+([0-9.]+)\\s+([0-9.]+)"
                + "\\s+([0-9.]+)\\s+([0-9.]+)").matcher(text);
        if (!rps.find() || !latency.find()) {
            throw new IllegalStateException("cannot read redis-benchmark's output:\n" + text);
        }
        return new Result(Double.parseDouble(rps.group(1)), Double.parseDouble(latency.group(3)),
                Double.parseDouble(latency.group(5)));
    }
}
