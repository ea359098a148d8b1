package io.throttled.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.throttled.core.Decision.Origin;
import io.throttled.resilience.AdmissionChecker.Call;
import io.throttled.resilience.AdmissionChecker.Verdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The checker of {@link FaultScheduleTest} on synthetic timelines, times in ms. */
class AdmissionCheckerTest {
    private static final long MS = 1_000_000;

    private static Call call(String key, int node, boolean allowed, Origin origin, double sentMs, double returnedMs) {
        return new Call(key, node, allowed, origin, (long) (sentMs * MS), (long) (returnedMs * MS));
    }

    @Test
    void aBucketAdmittingAtItsRateIsWithinTheEnvelope() {
        List<Call> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) {   // the burst at once
            calls.add(call("k", 0, true, Origin.STORE, 0, 0.1));
        }
        for (int i = 1; i <= 20; i++) {   // then one every 100 ms, as 10/1s refills
            calls.add(call("k", 0, true, Origin.STORE, 100 * i, 100 * i + 0.1));
            calls.add(call("k", 0, false, Origin.STORE, 100 * i + 1, 100 * i + 1.1));
        }
        Verdict v = AdmissionChecker.check(calls, 5, 0.01, 1, 50);
        assertThat(v.admissions()).isEqualTo(25);
        assertThat(v.withinBound()).isTrue();
        assertThat(v.worstOverEnvelope()).isLessThanOrEqualTo(1.0);
        assertThat(v.underAdmissions()).isZero();
    }

    @Test
    void aSecondBurstAtOnceFailsOnOneNode() {
        List<Call> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            calls.add(call("k", 0, true, Origin.STORE, 0, 0.1));
        }
        for (int i = 0; i < 5; i++) {   // a fallback that started from a fresh burst, 60 ms later
            calls.add(call("k", 0, true, Origin.LOCAL_FALLBACK, 10, 60));
        }
        Verdict v = AdmissionChecker.check(calls, 5, 0.01, 1, 50);
        assertThat(v.withinBound()).isFalse();
        assertThat(v.worstKey()).isEqualTo("k");
        // 10 admissions in 60 ms: 10 − 5 − 0.6 − 1 over the bound
        assertThat(v.worstExcess()).isCloseTo(3.4, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void slowCallsAreJudgedOnTheLongestSpanTheyMayHaveHad() {
        // three admissions, each somewhere within [0, 200] ms: at 0, 100 and 200 they conform to 1 + 10/s
        List<Call> calls = List.of(call("k", 0, true, Origin.STORE, 0, 200), call("k", 0, true, Origin.STORE, 0, 200),
                call("k", 0, true, Origin.STORE, 0, 200));
        assertThat(AdmissionChecker.check(calls, 1, 0.01, 1, 50).withinBound()).isTrue();
    }

    @Test
    void keysAreJudgedApart() {
        List<Call> calls = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            calls.add(call("k" + i, 0, true, Origin.STORE, 0, 0.1));
        }
        assertThat(AdmissionChecker.check(calls, 1, 0.001, 1, 50).withinBound()).isTrue();
    }

    @Test
    void aSecondNodeMayAddItsBurstAndWhatRefillsDuringItsFallback() {
        List<Call> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            calls.add(call("k", 0, true, Origin.STORE, 0, 0.1));
        }
        calls.add(call("k", 1, true, Origin.STORE, 1, 1.1));
        // node 1 falls back for 100 ms (its timeout included: 150 ms) and admits a burst of its own
        for (int i = 0; i < 5; i++) {
            calls.add(call("k", 1, true, Origin.LOCAL_FALLBACK, 2, 52));
        }
        calls.add(call("k", 1, false, Origin.LOCAL_FALLBACK, 60, 100));
        calls.add(call("k", 1, false, Origin.STORE, 110, 110.1));
        List<AdmissionChecker.Period> periods = AdmissionChecker.periods(calls, 50);
        assertThat(periods).hasSize(1);
        assertThat(periods.get(0).millis()).isCloseTo(148, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(AdmissionChecker.check(calls, 5, 0.01, 1, 50).withinBound()).as("judged as one node").isFalse();
        Verdict two = AdmissionChecker.check(calls, 5, 0.01, 2, 50);
        assertThat(two.withinBound()).isTrue();
        // and a third burst is beyond even two nodes' bound
        for (int i = 0; i < 8; i++) {
            calls.add(call("k", 0, true, Origin.LOCAL_FALLBACK, 3, 53));
        }
        assertThat(AdmissionChecker.check(calls, 5, 0.01, 2, 50).withinBound()).isFalse();
    }

    @Test
    void underAdmissionsAreCountedAgainstAPerfectBucket() {
        List<Call> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            calls.add(call("k", 0, i < 3, Origin.STORE, i, i + 0.1));   // two paid twice: denied with tokens left
        }
        Verdict v = AdmissionChecker.check(calls, 5, 0.0001, 1, 50);
        assertThat(v.perfectAdmissions()).isEqualTo(5);
        assertThat(v.underAdmissions()).isEqualTo(2);
        assertThat(v.deniedButPerfect()).isEqualTo(2);
    }
}
