package io.throttled.bench;

import io.throttled.core.Algorithm;
import io.throttled.core.Refill;
import io.throttled.core.Policy;
import java.util.ArrayList;
import java.util.List;

/** Every algorithm (token-bucket once per refill mode), with a policy that admits whatever the benchmark sends. */
final class Variants {
    private Variants() {
    }

    record Variant(String name, Policy policy) {
    }

    /** Policies that admit whatever the benchmark sends: every decision writes, and a bucket empties at once. */
    static List<Variant> all(String prefix) {
        return all(prefix, null);
    }

    /**
     * @param fixed the same rate for every algorithm (for keys that must live a while), or null for rates
     *             that admit whatever the benchmark sends
     */
    static List<Variant> all(String prefix, String fixed) {
        List<Variant> variants = new ArrayList<>();
        for (Algorithm algorithm : Algorithm.values()) {
            // the log keeps an entry per admission: its quantity is capped, and 100,000 keys spread the load
            String rate = fixed != null ? fixed : algorithm == Algorithm.SLIDING_WINDOW_LOG ? "10000/1s" : "1000000000/1s";
            variants.add(new Variant(algorithm.configName(), Policy.builder(prefix + "-" + algorithm.keyCode())
                    .algorithm(algorithm).rate(rate).build()));
            if (algorithm == Algorithm.TOKEN_BUCKET) {
                variants.add(new Variant("token-bucket (interval)", Policy.builder(prefix + "-ti").rate(rate)
                        .refill(Refill.INTERVAL).build()));
            }
        }
        return variants;
    }
}
