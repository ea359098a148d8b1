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
