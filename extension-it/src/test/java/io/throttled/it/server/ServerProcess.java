package io.throttled.it.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** The JVM of a running server, looked at with {@code jcmd}, as an operator hunting a leak would. */
public final class ServerProcess {
    private final long pid;

    private ServerProcess(long pid) {
        this.pid = pid;
    }

    /**
     * The one JVM whose arguments match: the Arquillian container launches it itself, so there is no pid file to read.
     *
     * @param description what is looked for, for the message when there is not exactly one
     */
    static ServerProcess matching(Predicate<List<String>> arguments, String description) {
        List<ProcessHandle> found = ProcessHandle.allProcesses()
                .filter(p -> arguments(p).filter(arguments).isPresent())
                .toList();
        if (found.size() != 1) {
            throw new IllegalStateException("expected one JVM of " + description + ", found "
                    + found.stream().map(p -> p.info().commandLine().orElse("?")).toList());
        }
        return new ServerProcess(found.get(0).pid());
    }

    /**
     * A process's arguments. On Linux the JDK gives none for a command line of more than 4 KiB (Payara's DAS has a
     * longer one): they are then read from {@code /proc/<pid>/cmdline}.
     */
    private static Optional<List<String>> arguments(ProcessHandle process) {
        Optional<String[]> given = process.info().arguments();
        if (given.isPresent()) {
            return given.map(List::of);
        }
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(process.pid()), "cmdline"));
            List<String> all = List.of(new String(raw, StandardCharsets.UTF_8).split("\0"));
            return all.size() > 1 ? Optional.of(all.subList(1, all.size())) : Optional.empty();
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty();   // not Linux, or not ours to read, or gone
        }
    }

    public long pid() {
        return pid;
    }

    /** Two full collections, so what is only weakly or softly held is gone before anything is counted. */
    public void collectGarbage() {
        jcmd("GC.run");
        jcmd("GC.run");
    }

    /**
     * Live instances of a class (the histogram is taken after a full collection), in every loader: the histogram
     * has a line per loaded copy of the class, one per deployed (or leaked) copy of the application.
     */
    public long instances(String className) {
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
    public String histogram() {
        return jcmd("GC.class_histogram");
    }

    public void heapDump(Path file) {
        jcmd("GC.heap_dump " + file.toAbsolutePath());
    }

    public String classLoaderStats() {
        return jcmd("VM.classloader_stats");
    }

    /** Class loaders alive whose type is one of these (Liberty's per-application loaders). */
    public long classLoaders(List<String> types) {
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
    public List<String> threads() {
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
