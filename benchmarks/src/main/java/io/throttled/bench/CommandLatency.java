package io.throttled.bench;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import redis.clients.jedis.Jedis;

/**
 * One command's own latency inside Redis, p50 and p99 in µs, from {@code INFO latencystats} (Redis 7 and later; its
 * default percentiles include both) since the last {@code CONFIG RESETSTAT}. It shows a command's tail apart from the
 * network and the client: a script's p99 there carries the Lua garbage-collection step Redis runs after every 50th
 * script call. NaN where this Redis keeps no such histogram.
 */
record CommandLatency(double p50, double p99) {
    private static final Pattern PERCENTILE = Pattern.compile("p(50|99)=([0-9.]+)");

    static CommandLatency read(Jedis jedis, String command) {
        String prefix = "latency_percentiles_usec_" + command + ":";
        return jedis.info("latencystats").lines().filter(l -> l.startsWith(prefix)).findFirst()
                .map(CommandLatency::parse).orElse(new CommandLatency(Double.NaN, Double.NaN));
    }

    static CommandLatency parse(String line) {
        double p50 = Double.NaN;
        double p99 = Double.NaN;
        Matcher m = PERCENTILE.matcher(line);
        while (m.find()) {
            if (m.group(1).equals("50")) {
                p50 = Double.parseDouble(m.group(2));
            } else {
                p99 = Double.parseDouble(m.group(2));
            }
        }
        return new CommandLatency(p50, p99);
    }
}
