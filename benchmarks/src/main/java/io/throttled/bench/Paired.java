package io.throttled.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;

/**
 * Ours and a baseline measured alternately for a few rounds, so that drift on a shared machine hits both
 * alike; the round with the median ratio is the one reported.
 */
record Paired<A extends Paired.Rated, B extends Paired.Rated>(A ours, B theirs) {

    /** Anything measured in operations per second. */
    interface Rated {
        double perSecond();
    }

    double ratio() {
        return ours.perSecond() / theirs.perSecond();
    }

    static <A extends Rated, B extends Rated> Paired<A, B> median(int rounds, Supplier<A> ours, Supplier<B> theirs) {
        List<Paired<A, B>> all = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            all.add(new Paired<>(ours.get(), theirs.get()));
        }
        all.sort(Comparator.comparingDouble(Paired::ratio));
        return all.get(all.size() / 2);
    }
}
