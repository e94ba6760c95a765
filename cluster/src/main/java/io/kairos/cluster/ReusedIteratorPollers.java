package io.kairos.cluster;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.NoSuchElementException;

import io.aeron.driver.MediaDriver;

/**
 * Makes an embedded Java media driver's transport pollers walk their transports without allocating. Aeron's
 * {@code DataTransportPoller} (the receiver) and {@code ControlTransportPoller} (the sender) iterate an
 * {@link ArrayList} with a for-each loop in every duty cycle, and whether the JIT's escape analysis removes that
 * iterator depends on how the duty cycle was compiled: measured with {@code ClusterAllocationTest} (2026-11-28), the
 * thread that invokes the client's driver allocated 50–112 KB per 4,000 commands, all {@code ArrayList$Itr} from those
 * two loops (JFR allocation samples), in about half the JVM runs. Each poller's list is replaced, before the driver
 * first runs, by a copy whose iterator is one object reused: a poller is used by the one thread that runs its agent,
 * and it never walks its list inside a walk of it.
 *
 * <p>This reaches into Aeron's internals by reflection (the context's pollers and their lists, as in Aeron 1.51): a
 * release that changes them fails the driver's start here with the reason, and the allocation test shows whether the
 * loops still allocate. Call on the thread that launched the driver in {@code INVOKER} mode, before its first invoke.
 */
final class ReusedIteratorPollers
{
    private ReusedIteratorPollers()
    {
    }

    /** Replaces the transport lists of the driver's receiver and sender pollers (see the class comment). */
    static void install(final MediaDriver driver)
    {
        final MediaDriver.Context context = driver.context();
        replaceList(read(context, MediaDriver.Context.class, "dataTransportPoller"), "channelAndTransports");
        replaceList(read(context, MediaDriver.Context.class, "controlTransportPoller"), "transports");
    }

    @SuppressWarnings("unchecked")
    private static void replaceList(final Object poller, final String listField)
    {
        try
        {
            final Field field = poller.getClass().getDeclaredField(listField);
            field.setAccessible(true);
            final ArrayList<Object> list = (ArrayList<Object>)field.get(poller);
            field.set(poller, new ReusedIteratorList<>(list));
        }
        catch (final ReflectiveOperationException | ClassCastException | SecurityException ex)
        {
            throw unsupported(poller.getClass().getName() + "." + listField, ex);
        }
    }

    private static Object read(final Object target, final Class<?> type, final String name)
    {
        try
        {
            final Field field = type.getDeclaredField(name);
            field.setAccessible(true);
            final Object value = field.get(target);
            if (value == null)
            {
                throw new NoSuchFieldException(name + " is not set (the driver has not concluded its context)");
            }
            return value;
        }
        catch (final ReflectiveOperationException | SecurityException ex)
        {
            throw unsupported(type.getName() + "." + name, ex);
        }
    }

    private static IllegalStateException unsupported(final String what, final Exception cause)
    {
        return new IllegalStateException("this Aeron media driver (" + MediaDriver.class.getPackage() +
            ") does not have " + what + " as Kairos expects: its transport pollers cannot be made allocation-free",
            cause);
    }

    /** A list whose iterator is one reused cursor; for the single thread that walks it, one walk at a time. */
    static final class ReusedIteratorList<E> extends ArrayList<E>
    {
        private static final long serialVersionUID = 1L;

        private final transient Cursor cursor = new Cursor();

        ReusedIteratorList(final ArrayList<E> elements)
        {
            super(elements);
        }

        @Override
        public Iterator<E> iterator()
        {
            cursor.next = 0;
            return cursor;
        }

        private final class Cursor implements Iterator<E>
        {
            private int next;

            @Override
            public boolean hasNext()
            {
                return next < size();
            }

            @Override
            public E next()
            {
                if (next >= size())
                {
                    throw new NoSuchElementException();
                }
                return get(next++);
            }
        }
    }
}
