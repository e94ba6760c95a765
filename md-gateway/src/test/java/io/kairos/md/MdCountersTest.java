package io.kairos.md;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MdCountersTest
{
    @Test
    void shouldPublishTheDeepestQueueOfEachSampleAndKeepTheHighWaterMark()
    {
        final MdCounters counters = new MdCounters();
        counters.onQueueDepth(3);
        counters.onQueueDepth(7);
        counters.onQueueDepth(2);
        counters.sampleQueueDepth();
        assertEquals(7, counters.queueDepth.get());

        counters.onQueueDepth(1);
        counters.sampleQueueDepth();
        assertEquals(1, counters.queueDepth.get());
        assertEquals(7, counters.queueDepthHighWater.get());

        counters.sampleQueueDepth();
        assertEquals(0, counters.queueDepth.get(), "nothing queued since the last sample");
    }
}
