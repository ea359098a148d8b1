package io.throttled.bench;

import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;

/**
 * Where a request's CPU goes in the server: async-profiler 4.2 (its Maven artifact carries the agent) attached to the
 * running server, sampling its CPU time (perf events, kernel time included; {@code itimer} where those are refused)
 * while one endpoint is driven, then each sample given to the first frame, from the leaf up, that belongs to a known
 * part (JDK and native frames go to the part that called them). A part's share of the samples times the process's
 * CPU time per request over the same window is that part's CPU per request: the timers' real rate is not trusted.
 */
final class RequestProfile {
    static final int INTERVAL_MICROS = 200;

    /** A part of the request path: the first package prefix (slashed) that matches a frame names it. */
    record Part(String name, List<String> prefixes) {
    }

    /** Ordered: the first part with a matching prefix wins, so specific prefixes come before general ones. */
    static final List<Part> PARTS = List.of(
            new Part("throttled: coalescing (queue, send, wake)", List.of("io/throttled/redis/CoalescingScripting")),
            new Part("throttled: request filters and interceptor", List.of("io/throttled/jaxrs/", "io/throttled/cdi/")),
            new Part("the application (the sample's resource and page filter)", List.of("io/throttled/sample/")),
            new Part("throttled: decision, keys, routes, headers, metrics", List.of("io/throttled/")),
            new Part("Jedis (encode, decode, socket I/O) and its pool", List.of("redis/clients/", "org/apache/commons/pool2/")),
            new Part("Weld (CDI beans, interception)", List.of("org/jboss/weld/")),
            new Part("RESTEasy (JAX-RS)", List.of("org/jboss/resteasy/")),
            new Part("Liberty: HTTP, TCP and channel framework", List.of("com/ibm/ws/http/", "com/ibm/ws/tcpchannel/",
                    "com/ibm/ws/channelfw/", "com/ibm/io/", "com/ibm/wsspi/channelfw/", "com/ibm/ws/genericbnf/")),
            new Part("Liberty: servlet container and security", List.of("com/ibm/ws/webcontainer", "com/ibm/ws/security/",
                    "com/ibm/wsspi/webcontainer")),
            new Part("Liberty: other (threads, config, metrics)", List.of("com/ibm/", "io/openliberty/", "org/eclipse/")),
            new Part("JVM: garbage collection", List.of("G1", "GC", "gc_")),
            new Part("JVM: JIT compiler", List.of("CompileBroker", "C2Compiler", "Compile::", "C1_", "CompilerThread")));
    static final String OTHER = "other (kernel, JVM, idle server threads)";

    private RequestProfile() {
    }

    /**
     * CPU µs per request, per part (and {@link #OTHER}), while {@code load} runs; it returns the requests served, and
     * {@code cpuSeconds} reads the process's CPU time.
     */
    static Map<String, Double> of(long pid, Supplier<Double> load, DoubleSupplier cpuSeconds, Path folder, String name) {
        Path agent = agent(folder);
        Path out = folder.resolve(name + ".collapsed");
        VirtualMachine vm = attach(pid);
        double requests;
        double cpu;
        try {
            start(vm, agent);
            double before = cpuSeconds.getAsDouble();
            requests = load.get();
            cpu = cpuSeconds.getAsDouble() - before;
            vm.loadAgentPath(agent.toString(), "stop,collapsed,file=" + out);
        } catch (Exception e) {
            throw new IllegalStateException("async-profiler on process " + pid + ": " + e.getMessage(), e);
        } finally {
            detach(vm);
        }
        try {
            return perRequest(Files.readAllLines(out), cpu * 1e6 / requests);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void start(VirtualMachine vm, Path agent) throws Exception {
        try {
            vm.loadAgentPath(agent.toString(), "start,event=cpu,interval=" + INTERVAL_MICROS + "us");
        } catch (Exception e) {   // perf events refused (a container, perf_event_paranoid): the CPU timer instead
            vm.loadAgentPath(agent.toString(), "start,event=itimer,interval=" + INTERVAL_MICROS + "us");
        }
    }

    /** The parts' shares of the samples in collapsed stacks ("frame;...;leaf count"), times {@code microsPerRequest}. */
    static Map<String, Double> perRequest(List<String> collapsed, double microsPerRequest) {
        Map<String, Double> parts = new LinkedHashMap<>();
        PARTS.forEach(p -> parts.put(p.name(), 0.0));
        parts.put(OTHER, 0.0);
        long all = 0;
        for (String line : collapsed) {
            int space = line.lastIndexOf(' ');
            if (space < 0) {
                continue;
            }
            long samples = Long.parseLong(line.substring(space + 1).trim());
            all += samples;
            parts.merge(partOf(line.substring(0, space).split(";")), (double) samples, Double::sum);
        }
        long total = all;
        parts.replaceAll((part, samples) -> total == 0 ? 0 : samples / total * microsPerRequest);
        return parts;
    }

    static String partOf(String[] frames) {
        for (int i = frames.length - 1; i >= 0; i--) {
            for (Part part : PARTS) {
                for (String prefix : part.prefixes()) {
                    if (frames[i].startsWith(prefix)) {
                        return part.name();
                    }
                }
            }
        }
        return OTHER;
    }

    private static Path agent(Path folder) {
        Path agent = folder.resolve("libasyncProfiler.so");
        if (Files.exists(agent)) {
            return agent;
        }
        try (InputStream in = RequestProfile.class.getClassLoader().getResourceAsStream("linux-x64/libasyncProfiler.so")) {
            if (in == null) {
                throw new IllegalStateException("linux-x64/libasyncProfiler.so is not on the class path: the benchmarks"
                        + " module depends on tools.profiler:async-profiler for it");
            }
            Files.createDirectories(folder);
            Files.copy(in, agent, StandardCopyOption.REPLACE_EXISTING);
            return agent;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static VirtualMachine attach(long pid) {
        try {
            return VirtualMachine.attach(Long.toString(pid));
        } catch (Exception e) {
            throw new IllegalStateException("cannot attach to process " + pid + ": " + e.getMessage(), e);
        }
    }

    private static void detach(VirtualMachine vm) {
        try {
            vm.detach();
        } catch (IOException e) {
            // the agent stays loaded; nothing else to undo
        }
    }
}
