package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ConstantRateScheduleTest
{
    @Test
    void shouldPlanEveryRequestFromTheStartWhateverHappenedBefore()
    {
        final ConstantRateSchedule schedule = new ConstantRateSchedule(1_000, 20_000);
        assertEquals(50_000.0, schedule.periodNs());
        assertEquals(1_000, schedule.intendedNs(0));
        assertEquals(1_000 + 50_000, schedule.intendedNs(1));
        assertEquals(1_000 + 1_000_000_000L, schedule.intendedNs(20_000));
        assertEquals(400_000, schedule.requestsWithin(20_000_000_000L));
    }

    @Test
    void shouldKeepFractionalPeriodsWithoutDrift()
    {
        final ConstantRateSchedule schedule = new ConstantRateSchedule(0, 3);
        assertEquals(1_000_000_000L, schedule.intendedNs(3));
        assertEquals(3_000_000_000_000L, schedule.intendedNs(9_000));
    }

    @Test
    void shouldChargeAStallToEveryRequestPlannedDuringItButNotToTheServiceTime()
    {
        final ConstantRateSchedule schedule = new ConstantRateSchedule(0, 1_000);
        final LatencyRecorder recorder = new LatencyRecorder();
        final long stallEndNs = 100_000_000L;
        final long serviceNs = 10_000;
        for (int i = 0; i < 100; i++)
        {
            final long plannedNs = schedule.intendedNs(i);
            final long sentNs = Math.max(plannedNs, stallEndNs);
            recorder.recordResponse(OrderRequest.INSERT, plannedNs, sentNs, sentNs + serviceNs);
        }
        assertEquals(10.0, recorder.fromSend(OrderRequest.INSERT).getMean() / 1e3, 0.05);
        assertEquals(50_500 + 10, recorder.fromPlan(OrderRequest.INSERT).getMean() / 1e3, 60);
        assertEquals(100_010, recorder.fromPlan(OrderRequest.INSERT).getMaxValue() / 1e3, 100);
    }

    @Test
    void shouldNeverReportANegativeLatency()
    {
        assertEquals(0, ConstantRateSchedule.latencyFromPlanNs(1_000, 999));
        assertEquals(1, ConstantRateSchedule.latencyFromPlanNs(1_000, 1_001));
    }

    @Test
    void shouldReturnAtOnceWhenTheSenderIsLate()
    {
        final long pastNs = System.nanoTime() - 1_000_000;
        final long wokeNs = ConstantRateSchedule.awaitDue(pastNs, 0);
        assertEquals(true, wokeNs >= pastNs);
    }

    @Test
    void shouldRefuseARateThatIsNotPositive()
    {
        assertThrows(IllegalArgumentException.class, () -> new ConstantRateSchedule(0, 0));
        assertThrows(IllegalArgumentException.class, () -> new ConstantRateSchedule(0, Double.NaN));
    }
}
