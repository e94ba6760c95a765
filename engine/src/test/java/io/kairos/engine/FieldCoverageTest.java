package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every hand-written reset and copy of a reused object covers every field, found by reflection: a field added later
 * and forgotten in {@code reset()} leaks one command's value into the next; forgotten in {@code copyFrom()}, it is lost
 * on the way through a ring; left out of a codec (the journal's, a snapshot's order record), it is lost at recovery.
 * Each object is filled with a distinct non-default value per field first.
 */
class FieldCoverageTest
{
    static Stream<Arguments> resets()
    {
        return Stream.of(
            reset("EngineCommand.reset", EngineCommand::new, EngineCommand::reset),
            reset("ExecutionEvent.reset", ExecutionEvent::new, ExecutionEvent::reset),
            reset("BookEvent.reset", BookEvent::new, BookEvent::reset),
            reset("Order.clear", Order::new, Order::clear),
            reset("PriceLevel.clear", PriceLevel::new, PriceLevel::clear));
    }

    static Stream<Arguments> copies()
    {
        return Stream.of(
            copy("EngineCommand.copyFrom", EngineCommand::new, EngineCommand::copyFrom, Set.of()),
            copy("ExecutionEvent.copyFrom", ExecutionEvent::new, ExecutionEvent::copyFrom, Set.of()),
            copy("BookEvent.copyFrom", BookEvent::new, BookEvent::copyFrom, Set.of()),
            // a retained finished order is a copy without the book and session links, on purpose
            copy("Order.copyStateFrom", Order::new, Order::copyStateFrom,
                Set.of("level", "prev", "next", "sessionPrev", "sessionNext")),
            // the codecs: what the journal and a snapshot record write, reading gives back
            // a command carries an order type and price or, a trading status command, an action and a date there
            copy("CommandCodec.encode/decode (a trading action)", EngineCommand::new,
                FieldCoverageTest::journalRoundTripOfATradingAction, Set.of("orderType", "price")),
            copy("CommandCodec.encode/decode (an order)", EngineCommand::new,
                FieldCoverageTest::journalRoundTripOfAnOrder, Set.of("tradingAction", "tradingDate")),
            // the replicated engine's egress
            copy("EventCodec execution event", ExecutionEvent::new, FieldCoverageTest::executionRoundTrip, Set.of()),
            copy("EventCodec book event", BookEvent::new, FieldCoverageTest::bookRoundTrip, Set.of()),
            // the record leaves out what restoring sets: the ClOrdID key (hashed again), the instrument (the book's),
            // the final status (a finished order's own field) and the links
            copy("SnapshotStore.writeOrder/readOrder", Order::new, FieldCoverageTest::snapshotRoundTrip,
                Set.of("clOrdKey", "instrumentId", "finalStatus", "level", "prev", "next", "sessionPrev",
                    "sessionNext")));
    }

    private static void journalRoundTrip(final EngineCommand target, final EngineCommand source)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[CommandCodec.MAX_LENGTH]);
        final int length = CommandCodec.encode(source, buffer, 0);
        assertTrue(CommandCodec.decode(buffer, 0, length, target), "decodes what it encoded");
    }

    private static void journalRoundTripOfATradingAction(final EngineCommand target, final EngineCommand source)
    {
        source.type = CommandType.TRADING_STATUS;
        journalRoundTrip(target, source);
    }

    private static void journalRoundTripOfAnOrder(final EngineCommand target, final EngineCommand source)
    {
        source.type = CommandType.NEW_ORDER;
        journalRoundTrip(target, source);
    }

    private static void executionRoundTrip(final ExecutionEvent target, final ExecutionEvent source)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[EventDescriptor.MAX_EXECUTION_EVENT_LENGTH + 8]);
        final int length = EventCodec.encode(source, buffer, 4);
        assertEquals(length, EventCodec.decode(buffer, 4, length, target), "decodes what it encoded");
        assertEquals(-1, EventCodec.decode(buffer, 4, length - 1, new ExecutionEvent()), "refuses a cut event");
    }

    private static void bookRoundTrip(final BookEvent target, final BookEvent source)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[EventDescriptor.BOOK_EVENT_LENGTH + 8]);
        final int length = EventCodec.encode(source, buffer, 4);
        assertEquals(length, EventCodec.decode(buffer, 4, length, target), "decodes what it encoded");
        assertEquals(-1, EventCodec.decode(buffer, 4, length - 1, new BookEvent()), "refuses a cut event");
    }

    private static void snapshotRoundTrip(final Order target, final Order source)
    {
        try
        {
            final Path dir = Files.createTempDirectory("field-coverage"); // the store makes its directory; unused
            final SnapshotStore store = new SnapshotStore(dir, 0);
            final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            store.writeOrder(new DataOutputStream(bytes), source);
            store.readOrder(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())), target);
            Files.delete(dir);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("resets")
    <T> void shouldResetEveryField(final String name, final Supplier<T> factory, final Consumer<T> reset)
        throws ReflectiveOperationException
    {
        final T fresh = factory.get();
        final T used = factory.get();
        fillDistinct(used);
        reset.accept(used);
        for (final Field field : fields(fresh.getClass()))
        {
            assertEquals(show(field.get(fresh)), show(field.get(used)), name + " leaves " + field.getName());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("copies")
    <T> void shouldCopyEveryField(final String name, final Supplier<T> factory, final BiConsumer<T, T> copy,
        final Set<String> notCopied) throws ReflectiveOperationException
    {
        final T source = factory.get();
        fillDistinct(source);
        final T target = factory.get();
        copy.accept(target, source);
        final T fresh = factory.get();
        for (final Field field : fields(source.getClass()))
        {
            final Object expected = notCopied.contains(field.getName()) ? field.get(fresh) : field.get(source);
            assertEquals(show(expected), show(field.get(target)), name + " for " + field.getName());
        }
    }

    private static <T> Arguments reset(final String name, final Supplier<T> factory, final Consumer<T> reset)
    {
        return Arguments.of(name, factory, reset);
    }

    private static <T> Arguments copy(final String name, final Supplier<T> factory, final BiConsumer<T, T> copy,
        final Set<String> notCopied)
    {
        return Arguments.of(name, factory, copy, notCopied);
    }

    /** Gives every instance field a value no constructor gives it: numbers from 1000 up, the last enum constant, ... */
    private static void fillDistinct(final Object target) throws ReflectiveOperationException
    {
        long next = 1000;
        for (final Field field : fields(target.getClass()))
        {
            final Class<?> type = field.getType();
            next++;
            if (type == long.class)
            {
                field.setLong(target, next);
            }
            else if (type == int.class)
            {
                field.setInt(target, (int)next);
            }
            else if (type == boolean.class)
            {
                field.setBoolean(target, !field.getBoolean(target));
            }
            else if (type.isEnum())
            {
                final Object[] constants = type.getEnumConstants();
                field.set(target, constants[constants.length - 1] == field.get(target) ? constants[0]
                    : constants[constants.length - 1]);
            }
            else if (type == AsciiId.class)
            {
                assertTrue(((AsciiId)field.get(target)).set("id" + next));
            }
            else if (type == Order.class || type == PriceLevel.class)
            {
                field.set(target, type.getDeclaredConstructor().newInstance());
            }
            else
            {
                throw new AssertionError("no filler for " + type + " " + field.getName()
                    + ": teach this test the type");
            }
        }
    }

    private static List<Field> fields(final Class<?> type)
    {
        final List<Field> fields = new ArrayList<>();
        for (final Field field : type.getDeclaredFields())
        {
            if (!Modifier.isStatic(field.getModifiers()) && !field.isSynthetic())
            {
                field.setAccessible(true);
                fields.add(field);
            }
        }
        return fields;
    }

    /** Compares ids by content and other references by identity class (a link set or not). */
    private static Object show(final Object value)
    {
        if (value instanceof AsciiId id)
        {
            return "AsciiId(" + id + ")";
        }
        if (value instanceof Order || value instanceof PriceLevel)
        {
            return value.getClass().getSimpleName() + "@" + System.identityHashCode(value);
        }
        return value;
    }
}
