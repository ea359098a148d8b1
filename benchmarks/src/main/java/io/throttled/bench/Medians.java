package io.throttled.bench;

import java.util.List;
import java.util.function.ToDoubleFunction;

/** Medians over rounds or runs: the figures of one noisy measurement are read by their middle, not their mean. */
final class Medians {
    private Medians() {
    }

    /** The median of one figure over the items. */
    static <T> double of(List<T> items, ToDoubleFunction<T> figure) {
        return middle(items.stream().mapToDouble(figure).sorted().toArray());
    }

    /** The median of sorted values: the middle one, or the mean of the middle two. */
    private static double middle(double[] sorted) {
        return sorted.length % 2 == 1 ? sorted[sorted.length / 2]
                : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }
}
