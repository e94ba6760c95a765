package io.kairos.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class AwaitTest
{
    @Test
    void shouldReturnOnceTheConditionHoldsWithoutPollingAgain()
    {
        final AtomicInteger polls = new AtomicInteger();
        Await.until("the third poll", () -> polls.incrementAndGet() == 3);
        assertEquals(3, polls.get());
    }

    @Test
    void shouldFailNamingWhatItWaitedForAndTheBoundWhenTheConditionNeverHolds()
    {
        final AssertionError failure = assertThrows(AssertionError.class,
            () -> Await.until("CLIENT01 disconnected", Duration.ofMillis(20), () -> false));
        assertEquals("gave up after 20 ms waiting for CLIENT01 disconnected", failure.getMessage());
    }

    @Test
    void shouldFailAtOnceWhenTheWaitingThreadIsInterruptedAndKeepItsInterruptFlag()
    {
        Thread.currentThread().interrupt();
        try
        {
            final AssertionError failure = assertThrows(AssertionError.class, () -> Await.until("never", () -> false));
            assertEquals("interrupted while waiting for never", failure.getMessage());
        }
        finally
        {
            assertEquals(true, Thread.interrupted(), "the flag is kept for the caller");
        }
    }
}
