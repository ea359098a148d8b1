package io.throttled.bench;

import java.util.HashMap;
import java.util.Map;
import redis.clients.jedis.Jedis;

/**
 * A snapshot of Redis' own counters: commands (calls and the µs they ran), network bytes, CPU, and read events (one per socket read: a pipeline
 * of n commands that arrives at once is one read, so reads per decision show how well calls were coalesced);
 * differences give the cost per decision.
 */
record ServerStats(Map<String, Long> calls, Map<String, Long> usec, long commandsTotal, long netIn, long netOut, double cpuSeconds, long reads) {

    static ServerStats read(Jedis jedis) {
        Map<String, Long> calls = new HashMap<>();
        Map<String, Long> usec = new HashMap<>();
        long total = 0;
        for (String line : jedis.info("commandstats").lines().toList()) {
            if (line.startsWith("cmdstat_")) {
                String command = line.substring(8, line.indexOf(':'));
                long n = Long.parseLong(line.replaceAll("^[^:]*:calls=(\\d+),.*", "$1"));
                calls.put(command, n);
                usec.put(command, Long.parseLong(line.replaceAll("^.*,usec=(\\d+),.*$", "$1")));
                total += n;
            }
        }
        String stats = jedis.info("stats");
        String cpu = jedis.info("cpu");
        return new ServerStats(calls, usec, total, field(stats, "total_net_input_bytes"), field(stats, "total_net_output_bytes"),
                fieldDouble(cpu, "used_cpu_sys") + fieldDouble(cpu, "used_cpu_user"), field(stats, "total_reads_processed"));
    }

    long callsOf(String command) {
        return calls.getOrDefault(command, 0L);
    }

    /** The µs Redis spent running this command, in all ({@code usec} of {@code INFO commandstats}). */
    long usecOf(String command) {
        return usec.getOrDefault(command, 0L);
    }

    private static long field(String info, String name) {
        return (long) fieldDouble(info, name);
    }

    private static double fieldDouble(String info, String name) {
        return info.lines().filter(l -> l.startsWith(name + ":")).findFirst()
                .map(l -> Double.parseDouble(l.substring(name.length() + 1).trim())).orElse(0.0);
    }
}
