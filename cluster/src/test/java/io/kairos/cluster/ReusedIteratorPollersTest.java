package io.kairos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReusedIteratorPollersTest
{
    @TempDir
    Path dir;

    @Test
    void shouldWalkEveryElementInOrderEachTimeWithOneReusedIterator()
    {
        final ReusedIteratorPollers.ReusedIteratorList<String> list =
            new ReusedIteratorPollers.ReusedIteratorList<>(new ArrayList<>(List.of("a", "b", "c")));
        for (int walk = 0; walk < 2; walk++)
        {
            final List<String> seen = new ArrayList<>();
            for (final String element : list)
            {
                seen.add(element);
            }
            assertEquals(List.of("a", "b", "c"), seen, "walk " + walk);
        }
        final Iterator<String> iterator = list.iterator();
        assertSame(iterator, list.iterator(), "one iterator, reused");
        list.remove("b");
        assertEquals("a", iterator.next());
        assertEquals("c", iterator.next());
        assertFalse(iterator.hasNext());
        assertThrows(NoSuchElementException.class, iterator::next);
    }

    @Test
    void shouldReplaceTheReceiversAndTheSendersTransportListsOfALaunchedDriver() throws ReflectiveOperationException
    {
        try (MediaDriver driver = MediaDriver.launch(new MediaDriver.Context()
            .aeronDirectoryName(dir.resolve("aeron").toString())
            .threadingMode(ThreadingMode.INVOKER)
            .dirDeleteOnShutdown(true)))
        {
            ReusedIteratorPollers.install(driver);
            final Object receiverPoller = field(driver.context(), MediaDriver.Context.class, "dataTransportPoller");
            final Object senderPoller = field(driver.context(), MediaDriver.Context.class, "controlTransportPoller");
            assertInstanceOf(ReusedIteratorPollers.ReusedIteratorList.class,
                field(receiverPoller, "channelAndTransports"));
            assertInstanceOf(ReusedIteratorPollers.ReusedIteratorList.class, field(senderPoller, "transports"));
        }
    }

    private static Object field(final Object target, final String name) throws ReflectiveOperationException
    {
        return field(target, target.getClass(), name);
    }

    private static Object field(final Object target, final Class<?> type, final String name)
        throws ReflectiveOperationException
    {
        final Field field = type.getDeclaredField(name);
        field.setAccessible(true);
        return field.get(target);
    }
}
