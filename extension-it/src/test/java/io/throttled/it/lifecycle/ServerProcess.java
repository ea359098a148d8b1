package io.throttled.it.lifecycle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The JVM of a running Liberty server, looked at with {@code jcmd}, as an operator hunting a leak would. */
final class ServerProcess {
    private final long pid;

    private ServerProcess(long pid) {
        this.pid = pid;
    }

    /** The server's JVM: the Arquillian container launches it itself, so there is no pid file to read. */
    static ServerProcess of(String server) {
        String wlp = Path.of(System.getProperty("wlp.home")).toAbsolutePath().normalize().toString();
        List<ProcessHandle> found = ProcessHandle.allProcesses()
                .filter(p -> p.info().arguments().map(List::of).filter(args -> args.contains(server)
                        && args.stream().anyMatch(a -> a.contains(wlp))).isPresent())
                .toList();
        if (found.size() != 1) {
            throw new IllegalStateException("expected one JVM of server " + server + " under " + wlp + ", found "
                    + found.stream().map(p -> p.info().commandLine().orElse("?")).toList());
        }
        return new ServerProcess(found.get(0).pid());
    }

    long pid() {
        return pid;
    }

    /** Two full collections, so what is only weakly or softly held is gone before anything is counted. */
    void collectGarbage() {
        jcmd("GC.run");
        jcmd("GC.run");
    }

    /**
     * Live instances of a class (the histogram is taken after a full collection), in every loader: the histogram
     * has a line per loaded copy of the class, one per deployed (or leaked) copy of the application.
     */
    long instances(String className) {
        long count = 0;
        for (String line : jcmd("GC.class_histogram").split("\n")) {
            String[] columns = line.trim().split("\\s+");
            if (columns.length >= 4 && columns[3].equals(className)) {
                count += Long.parseLong(columns[1]);
            }
        }
        return count;
    }

    /** The heap histogram (live objects), for a report of what survived. */
    String histogram() {
        return jcmd("GC.class_histogram");
    }

    void heapDump(Path file) {
        jcmd("GC.heap_dump " + file.toAbsolutePath());
    }

    String classLoaderStats() {
        return jcmd("VM.classloader_stats");
    }

    /** Class loaders alive whose type is one of these (Liberty's per-application loaders). */
    long classLoaders(List<String> types) {
        long count = 0;
        for (String line : jcmd("VM.classloader_stats").split("\n")) {
            for (String type : types) {
                if (line.trim().endsWith(" " + type)) {
                    count++;
                }
            }
        }
        return count;
    }

    /** The names of the JVM's threads, without the JIT compiler's, whose number changes with the JIT's work. */
    List<String> threads() {
        List<String> names = new ArrayList<>();
        for (String line : jcmd("Thread.print").split("\n")) {
            if (line.startsWith("\"")) {
                String name = line.substring(1, line.indexOf('"', 1));
                if (!name.contains("CompilerThread")) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    private String jcmd(String command) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            List<String> args = new ArrayList<>(List.of(jcmd.toString(), Long.toString(pid)));
            args.addAll(List.of(command.split(" ")));
            Process process = new ProcessBuilder(args)
                    .redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("jcmd " + pid + " " + command + " failed:\n" + output);
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
