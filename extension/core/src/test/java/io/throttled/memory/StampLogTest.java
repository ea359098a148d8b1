package io.throttled.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The sliding log's ring: in order it appends and pops; a stamp from a clock set back goes in its place. */
class StampLogTest {

    @Test
    void keepsStampsInOrderThroughGrowthWrapAndAClockSetBack() {
        StampLog log = new SlidingWindowLogState();
        for (long t = 1; t <= 6; t++) {
            log.add(t * 10, 1);   // grows past the first capacity
        }
        log.dropThrough(30);   // 40, 50, 60 left, the head moved on
        log.add(70, 2);
        log.add(70, 1);   // the same stamp: one entry
        log.add(45, 1);   // out of order

        assertThat(log.total()).isEqualTo(7);
        assertThat(log.nth(1)).isEqualTo(40);
        assertThat(log.nth(2)).isEqualTo(45);
        assertThat(log.nth(3)).isEqualTo(50);
        assertThat(log.nth(5)).isEqualTo(70);
        assertThat(log.nth(7)).isEqualTo(70);
        assertThat(log.last()).isEqualTo(70);

        log.dropThrough(69);
        assertThat(log.total()).isEqualTo(3);
        assertThat(log.nth(1)).isEqualTo(70);
        log.dropThrough(70);
        assertThat(log.isEmpty()).isTrue();

        log.add(5, 1);   // emptied, then a stamp before the last one it held: the latest is this one
        assertThat(log.last()).isEqualTo(5);
        assertThat(log.nth(1)).isEqualTo(5);
        log.add(5, 2);
        log.add(4, 1);
        assertThat(log.last()).isEqualTo(5);
        assertThat(log.total()).isEqualTo(4);
        assertThat(log.nth(1)).isEqualTo(4);
        assertThat(log.nth(4)).isEqualTo(5);
    }

    @Test
    void unitsAreCountedAlikeWhetherEveryEntryIsOneUnitOrSomeWeighMore() {
        StampLog log = new SlidingWindowLogState();
        log.add(10, 1);
        log.add(10, 1);   // one unit each: two entries of one stamp
        log.add(20, 1);
        assertThat(log.total()).isEqualTo(3);
        assertThat(log.nth(2)).isEqualTo(10);
        assertThat(log.nth(3)).isEqualTo(20);

        log.add(20, 3);   // the first weighted call: units kept from here on
        log.add(15, 2);   // out of order, weighted
        assertThat(log.total()).isEqualTo(8);
        assertThat(log.nth(2)).isEqualTo(10);
        assertThat(log.nth(3)).isEqualTo(15);
        assertThat(log.nth(4)).isEqualTo(15);
        assertThat(log.nth(5)).isEqualTo(20);
        assertThat(log.nth(8)).isEqualTo(20);
        assertThatThrownBy(() -> log.nth(9)).isInstanceOf(IllegalStateException.class);

        log.dropThrough(10);
        assertThat(log.total()).isEqualTo(6);
        assertThat(log.nth(1)).isEqualTo(15);
        log.dropThrough(20);   // emptied: back to stamps alone
        assertThat(log.isEmpty()).isTrue();
        assertThat(log.total()).isZero();
        log.add(30, 1);
        log.add(31, 1);
        assertThat(log.total()).isEqualTo(2);
        assertThat(log.nth(2)).isEqualTo(31);
    }

    /** Stamps are kept as int offsets from a base: 35 minutes of µs, after which the base moves or the log widens. */
    private static final long INT_SPAN = Integer.MAX_VALUE;
    private static final long EPOCH = 1_764_000_000_000_000L;   // µs, late 2025

    @Test
    void aShortWindowsLogRunsForHoursAsTheBaseMovesOn() {
        StampLog log = new SlidingWindowLogState();
        long minute = 60_000_000L;
        for (long m = 0; m <= 300; m++) {   // a call a minute for five hours, under a 10-minute window
            long now = EPOCH + m * minute;
            log.dropThrough(now - 10 * minute);
            log.add(now, 1);
            assertThat(log.total()).isEqualTo(Math.min(m + 1, 10));
            assertThat(log.nth(1)).isEqualTo(now - (log.total() - 1) * minute);
            assertThat(log.last()).isEqualTo(now);
        }
    }

    @Test
    void aLogSpanningMoreThanAnIntOfMicrosecondsKeepsEveryStampExactly() {
        StampLog log = new SlidingWindowLogState();
        long[] stamps = {EPOCH, EPOCH + 1, EPOCH + INT_SPAN, EPOCH + INT_SPAN + 1, EPOCH + 3 * INT_SPAN};   // a day's window
        for (long t : stamps) {
            log.add(t, 1);
        }
        log.add(EPOCH + 2 * INT_SPAN, 1);   // out of order, between two wide stamps
        log.add(EPOCH - INT_SPAN, 1);   // the clock set back by more than an int

        assertThat(log.total()).isEqualTo(7);
        assertThat(log.nth(1)).isEqualTo(EPOCH - INT_SPAN);
        assertThat(log.nth(2)).isEqualTo(EPOCH);
        assertThat(log.nth(4)).isEqualTo(EPOCH + INT_SPAN);
        assertThat(log.nth(6)).isEqualTo(EPOCH + 2 * INT_SPAN);
        assertThat(log.nth(7)).isEqualTo(EPOCH + 3 * INT_SPAN);
        assertThat(log.last()).isEqualTo(EPOCH + 3 * INT_SPAN);

        log.dropThrough(EPOCH + INT_SPAN);
        assertThat(log.total()).isEqualTo(3);
        assertThat(log.nth(1)).isEqualTo(EPOCH + INT_SPAN + 1);
        log.dropThrough(EPOCH + 3 * INT_SPAN);   // emptied: back to offsets
        assertThat(log.isEmpty()).isTrue();
        log.add(EPOCH + 4 * INT_SPAN, 1);
        log.add(EPOCH + 4 * INT_SPAN + 7, 1);
        assertThat(log.nth(2)).isEqualTo(EPOCH + 4 * INT_SPAN + 7);
    }

    @Test
    void aStampBeforeTheBaseWithinAnIntMovesTheBaseBack() {
        StampLog log = new SlidingWindowLogState();
        log.add(EPOCH + 1_000, 1);
        log.add(EPOCH + 2_000, 1);
        log.add(EPOCH + 500, 3);   // the clock set back below the first stamp, weighted
        log.add(EPOCH + INT_SPAN + 500, 1);   // exactly an int after the new oldest

        assertThat(log.total()).isEqualTo(6);
        assertThat(log.nth(1)).isEqualTo(EPOCH + 500);
        assertThat(log.nth(3)).isEqualTo(EPOCH + 500);
        assertThat(log.nth(4)).isEqualTo(EPOCH + 1_000);
        assertThat(log.nth(5)).isEqualTo(EPOCH + 2_000);
        assertThat(log.nth(6)).isEqualTo(EPOCH + INT_SPAN + 500);
    }

    @Test
    void windowCountsKeepAWindowFromBeforeAClockSetBack() {
        WindowCounts counts = new WindowCounts();
        counts.add(5, 2);
        counts.add(3, 1);   // the clock went back a window
        counts.add(5, 1);

        assertThat(counts.get(3)).isEqualTo(1);
        assertThat(counts.get(5)).isEqualTo(3);
        assertThat(counts.last()).isEqualTo(5);
        counts.dropBefore(4);
        assertThat(counts.get(3)).isZero();
        assertThat(counts.get(5)).isEqualTo(3);
    }
}
