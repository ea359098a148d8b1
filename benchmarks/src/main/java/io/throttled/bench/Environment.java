package io.throttled.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import redis.clients.jedis.Jedis;

/** Where the numbers were measured. */
final class Environment {
    private Environment() {
    }

    static String describe(Jedis redis) {
        String cpu = "unknown CPU";
        try {
            cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .findFirst().map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse(cpu);
        } catch (IOException ignored) {
            // not Linux: leave it unknown
        }
        String version = redis.info("server").lines().filter(l -> l.startsWith("redis_version:")).findFirst()
                .map(l -> l.substring("redis_version:".length()).trim()).orElse("?");
        return "- Date: " + ZonedDateTime.now().format(DateTimeFormatter.RFC_1123_DATE_TIME) + "\n"
                + "- Machine: " + Runtime.getRuntime().availableProcessors() + " cores, " + cpu + ", "
                + System.getProperty("os.name") + " " + System.getProperty("os.version") + "\n"
                + "- JDK: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + "\n"
                + "- Redis: " + version + " on loopback, a server of its own, no persistence\n"
                + "- Client and server share the machine's cores: figures are for comparison within this run.";
    }
}
