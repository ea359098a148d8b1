package io.throttled.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * CPU time the whole machine spent busy (every process, kernel included), from {@code /proc/stat}: what a
 * request costs when client, server and Redis share the cores. Empty where there is no {@code /proc/stat}.
 */
final class MachineCpu {
    private static final Path STAT = Path.of("/proc/stat");

    private MachineCpu() {
    }

    static boolean available() {
        return Files.isReadable(STAT);
    }

    /** Busy CPU seconds since boot, summed over the cores. */
    static double busySeconds() {
        try {
            return busySeconds(Files.readAllLines(STAT).get(0), ticksPerSecond());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first line of /proc/stat: {@code cpu user nice system idle iowait irq softirq steal ...}, in ticks. */
    static double busySeconds(String cpuLine, long ticksPerSecond) {
        String[] f = cpuLine.trim().split("\\s+");
        if (!f[0].equals("cpu") || f.length < 8) {
            throw new IllegalArgumentException("not the cpu line of /proc/stat: " + cpuLine);
        }
        long busy = 0;
        for (int i = 1; i < f.length && i <= 8; i++) {
            if (i != 4 && i != 5) { // idle and iowait
                busy += Long.parseLong(f[i]);
            }
        }
        return (double) busy / ticksPerSecond;
    }

    private static long ticksPerSecond() {
        return Long.parseLong(Tools.run(List.of("getconf", "CLK_TCK"), "getconf comes with libc").trim());
    }
}
