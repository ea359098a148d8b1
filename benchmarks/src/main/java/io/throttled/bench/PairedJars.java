package io.throttled.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Two builds of the in-JVM store ({@code throttled-core}) in one JVM, each in a class loader of its own, decided on in
 * alternating one-second rounds: the decision of {@link MemoryStoreBenchmark} (10,000 keys, one thread). On the
 * 2-core VMs here JMH forks of the same code differ by up to 2× (each fork's heap lands on other pages), so a
 * change of 10–20 % hides in the spread between forks; within one JVM both builds share that luck, and the ratio
 * per pair of rounds shows the change. Not part of {@code benchmarks/run}: a tool for comparing a change.
 *
 * <pre>
 * cp ~/.m2/.../throttled-core-0.1.0-SNAPSHOT.jar /tmp/old.jar   # before the change; after it, /tmp/new.jar
 * java -Xms2g -Xmx2g -XX:+AlwaysPreTouch \
 *   -cp "benchmarks/target/classes:$(tr ':' '\n' &lt; benchmarks/target/classpath.txt | grep -v 'throttled-\(core\|redis\|extension\)' | paste -sd:)" \
 *   io.throttled.bench.PairedJars /tmp/old.jar /tmp/new.jar token-bucket 30
 * </pre>
 * The class path must not hold throttled's own jars, or both loaders would find them there first. Builds from before
 * the layers split (the jar was throttled-extension, Algorithm and Refill were in io.throttled) cannot be compared.
 */
public final class PairedJars {
    private static final long ROUND_NANOS = 1_000_000_000L;
    private static final int WARM_UP_ROUNDS = 5;
    private static volatile Object sink;

    private PairedJars() {
    }

    public static void main(String[] args) throws Throwable {
        if (args.length != 4) {
            throw new IllegalArgumentException("usage: PairedJars <old.jar> <new.jar> <algorithm> <rounds>");
        }
        MethodHandle before = decision(Path.of(args[0]), args[2]);
        MethodHandle after = decision(Path.of(args[1]), args[2]);
        int rounds = Integer.parseInt(args[3]);
        for (int i = 0; i < WARM_UP_ROUNDS; i++) {
            round(before);
            round(after);
        }
        List<Double> ratios = new ArrayList<>();
        double sumBefore = 0;
        double sumAfter = 0;
        for (int i = 0; i < rounds; i++) {
            double b;
            double a;
            if (i % 2 == 0) {   // neither build always runs on the heap the other just left
                b = round(before);
                a = round(after);
            } else {
                a = round(after);
                b = round(before);
            }
            sumBefore += b;
            sumAfter += a;
            ratios.add(a / b);
        }
        Collections.sort(ratios);
        System.out.printf(Locale.ROOT, "%s: old %.1f ns, new %.1f ns per decision (means); new ÷ old per pair of rounds:"
                        + " median %.3f, range %.3f–%.3f (%d pairs)%n", args[2], sumBefore / rounds, sumAfter / rounds,
                ratios.get(rounds / 2), ratios.get(0), ratios.get(rounds - 1), rounds);
    }

    /** {@code limiter.acquire(policy, key, 1)} of the jar's own classes, as a handle of one key argument. */
    private static MethodHandle decision(Path jar, String algorithm) throws Exception {
        URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, PairedJars.class.getClassLoader());
        Class<?> algorithmType = loader.loadClass("io.throttled.core.Algorithm");
        Class<?> refillType = loader.loadClass("io.throttled.core.Refill");
        Class<?> policyType = loader.loadClass("io.throttled.core.Policy");
        Class<?> limiterType = loader.loadClass("io.throttled.memory.InMemoryRateLimiter");
        boolean interval = algorithm.equals("token-bucket-interval");
        Object builder = policyType.getMethod("builder", String.class).invoke(null, "jmh");
        Class<?> builderType = builder.getClass();
        builder = builderType.getMethod("algorithm", algorithmType).invoke(builder,
                algorithmType.getMethod("fromConfig", String.class).invoke(null, interval ? "token-bucket" : algorithm));
        builder = builderType.getMethod("refill", refillType).invoke(builder,
                refillType.getField(interval ? "INTERVAL" : "GREEDY").get(null));
        builder = builderType.getMethod("rate", String.class).invoke(builder, MemoryStoreBenchmark.rate(algorithm));
        Object policy = builderType.getMethod("build").invoke(builder);
        Object limiter = limiterType.getMethod("create").invoke(null);
        MethodHandle acquire = MethodHandles.publicLookup()
                .findVirtual(limiterType, "acquire", MethodType.methodType(loader.loadClass("io.throttled.core.Decision"),
                        policyType, String.class, long.class));
        return MethodHandles.insertArguments(acquire, 3, 1L).bindTo(limiter).bindTo(policy)
                .asType(MethodType.methodType(Object.class, String.class));
    }

    /** Nanoseconds per decision over one round. */
    private static double round(MethodHandle decide) throws Throwable {
        long n = 0;
        long start = System.nanoTime();
        long end = start + ROUND_NANOS;
        long t;
        do {
            for (int i = 0; i < 1000; i++) {
                sink = (Object) decide.invokeExact("k" + ThreadLocalRandom.current().nextInt(10_000));
            }
            n += 1000;
        } while ((t = System.nanoTime()) < end);
        return (double) (t - start) / n;
    }
}
