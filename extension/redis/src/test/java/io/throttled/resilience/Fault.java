package io.throttled.resilience;

import java.time.Duration;

/**
 * A Redis failure made with Redis' own means (see {@link Faults}), for {@link FaultScheduleTest}.
 */
interface Fault {
    /** {@return what the report calls it} */
    String name();

    /**
     * Makes Redis fail for about {@code length}; returns once the fault has been made (and, for the faults that
     * block their own connection or take Redis down, once it is undone on Redis' side: the clients may still be
     * reconnecting). A fault that ends by itself (a pause) may return at once.
     *
     * @param length how long Redis should fail; the failovers and slot moves take the time they take
     * @throws Exception when the fault could not be made: the schedule fails, not the bound
     */
    void inject(Duration length) throws Exception;
}
