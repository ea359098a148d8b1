package io.throttled.redis;

import io.throttled.core.ExactArithmetic;
import io.throttled.core.Limit;
import java.util.List;

/**
 * Scripts of continuously refilling buckets: they take W', Q' and the burst (see {@link ExactArithmetic}); they can
 * reserve, be pushed on, and lease.
 */
abstract class ContinuousScript extends AlgorithmScript {
    ContinuousScript(String file) {
        super(file, true, true);
    }

    @Override
    final void addArguments(Limit limit, List<String> args) {
        args.add(Long.toString(ExactArithmetic.reducedWindow(limit)));
        args.add(Long.toString(ExactArithmetic.reducedQuantity(limit)));
        args.add(Long.toString(limit.burst()));
    }
}
