package io.kairos.md;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.kairos.engine.BookEvent;
import io.kairos.engine.Side;
import io.kairos.engine.TradingStatus;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Natural batching of incrementals: what a subscriber receives is the same whether its entries come one event per
 * message or a whole drained batch in one message — entries, their order per instrument, RptSeq and the book a
 * snapshot shows — while a batch takes fewer messages, a batch past the size bound is split without loss, and a
 * SecurityStatus never overtakes incrementals queued before it. A batch is made deterministic by handing all its
 * events to the gateway from a task on its event loop: the drain they trigger runs after that task, so it reads them
 * all at once. Waits are bounded and end on a TestRequest's answer.
 */
class BatchedIncrementalsTest
{
    private static final int AAPL = 1;
    private static final int MSFT = 2;
    private static final int TSLA = 3;
    private static final long PX = TestVenue.REFERENCE_PRICE;
    private static final long TICK = TestVenue.TICK;
    private static final String[] SYMBOLS = {null, "AAPL", "MSFT", "TSLA"};

    /** Who subscribes to what: symbol -> aggregated ("N" order by order, "Y" price levels). */
    private static final Map<String, Map<String, String>> SUBSCRIBERS = Map.of(
        "MD01", Map.of("AAPL", "N", "MSFT", "N", "TSLA", "Y"),
        "MD02", Map.of("AAPL", "Y", "MSFT", "N"));

    @Test
    void shouldGiveEverySubscriberTheSameStreamWhetherEventsComeOneByOneOrInOneBatch() throws Exception
    {
        final List<BookEvent> events = mixedEvents();
        final Map<String, Run> oneByOne = run(events, false);
        final Map<String, Run> batched = run(events, true);
        for (final String compId : SUBSCRIBERS.keySet())
        {
            final Run single = oneByOne.get(compId);
            final Run batch = batched.get(compId);
            assertEquals(single.entriesBySymbol(), batch.entriesBySymbol(),
                compId + ": the same entries per instrument");
            single.assertRptSeqGapFree(compId);
            batch.assertRptSeqGapFree(compId);
            assertEquals(List.of("X", "f", "X"), batch.types(), compId
                + ": the batch's incrementals before the status, the status, the rest");
            assertEquals(single.entriesBeforeStatus(), batch.entryCount(0),
                compId + ": the first message holds every entry of the events before the status");
            assertTrue(single.types().size() > batch.types().size(), compId + ": fewer messages");
            assertEquals(SUBSCRIBERS.get(compId).size(), batch.symbolsOf(0),
                compId + ": every instrument of the session in one message");
            for (final String symbol : SUBSCRIBERS.get(compId).keySet())
            {
                assertEquals(single.snapshots.get(symbol), single.book(symbol, SUBSCRIBERS.get(compId).get(symbol)),
                    compId + " " + symbol + ": the snapshot agrees with the incrementals, one by one");
                assertEquals(batch.snapshots.get(symbol), batch.book(symbol, SUBSCRIBERS.get(compId).get(symbol)),
                    compId + " " + symbol + ": the snapshot agrees with the incrementals, batched");
                assertEquals(single.snapshots.get(symbol), batch.snapshots.get(symbol), compId + " " + symbol);
            }
        }
    }

    @Test
    void shouldSplitABatchPastTheSizeBoundWithoutLosingOrReorderingEntries() throws Exception
    {
        final TestVenue venue = new TestVenue();
        final SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (MarketDataGateway gateway = TestVenue.launch(registry);
            RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            client.logon();
            subscribe(client, "AAPL", "N");
            subscribe(client, "MSFT", "N");

            // two instruments, each under the bound, together past it: one session, two messages
            final List<BookEvent> both = new ArrayList<>();
            for (int i = 0; i < 120; i++)
            {
                both.add(venue.add(AAPL, 1_000 + i, Side.BUY, PX - TICK * (1 + i % 9), 100));
                both.add(venue.add(MSFT, 5_000 + i, Side.SELL, PX + TICK * (1 + i % 9), 100));
            }
            inOneBatch(gateway, both);
            final List<FixFrame> split = readUntilSync(client, "S1");
            assertEquals(2, split.size(), "two messages: " + split.size());
            assertWithinBound(split);
            assertEquals(240, entries(split).size());

            // one instrument, far past the bound: sent whenever its entries would pass it, in order
            final List<BookEvent> many = new ArrayList<>();
            for (int i = 0; i < 400; i++)
            {
                many.add(venue.add(AAPL, 2_000 + i, Side.SELL, PX + TICK * (1 + i % 9), 10 + i));
            }
            final long messagesBefore = gateway.messagesOut();
            final long entriesBefore = gateway.entriesOut();
            inOneBatch(gateway, many);
            final List<FixFrame> frames = readUntilSync(client, "S2");
            assertTrue(frames.size() >= 3, "several messages: " + frames.size());
            assertWithinBound(frames);
            final List<Map<Integer, String>> entries = entries(frames);
            assertEquals(400, entries.size());
            for (int i = 0; i < 400; i++)
            {
                assertEquals(Long.toString(2_000 + i), entries.get(i).get(278));
                assertEquals(Long.toString(121 + i), entries.get(i).get(83), "RptSeq continues without a gap");
            }
            assertEquals(frames.size() + 1, gateway.messagesOut() - messagesBefore, "messages counted (and the "
                + "Heartbeat)");
            assertEquals(400, gateway.entriesOut() - entriesBefore, "entries counted");
            assertEquals(640.0, registry.get("kairos_md_entries_out_total").functionCounter().count());
        }
    }

    @Test
    void shouldSendTheStatusAfterTheIncrementalsQueuedBeforeIt() throws Exception
    {
        final TestVenue venue = new TestVenue();
        try (MarketDataGateway gateway = TestVenue.launch(new SimpleMeterRegistry());
            RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            client.logon();
            subscribe(client, "AAPL", "N");
            subscribe(client, "MSFT", "N");
            inOneBatch(gateway, List.of(
                venue.add(AAPL, 1, Side.BUY, PX - TICK, 10),
                venue.add(MSFT, 2, Side.BUY, PX - TICK, 10),
                status(venue, AAPL, TradingStatus.HALTED),
                venue.add(MSFT, 3, Side.SELL, PX + TICK, 10)));
            final List<FixFrame> frames = readUntilSync(client, "S");
            assertEquals(List.of("X", "f", "X"), frames.stream().map(FixFrame::msgType).toList());
            assertEquals(List.of("1", "2"), frames.get(0).all(278));
            assertEquals(List.of("AAPL", "MSFT"), frames.get(0).all(55).subList(0, 2));
            assertEquals("2", frames.get(1).get(326), "halted");
            assertEquals(List.of("3"), frames.get(2).all(278));
        }
    }

    // ---------------------------------------------------------------- the two runs

    /** One fresh gateway, the subscribers of {@link #SUBSCRIBERS}, {@code events}, then a snapshot of each view. */
    private static Map<String, Run> run(final List<BookEvent> events, final boolean oneBatch) throws Exception
    {
        final Map<String, Run> runs = new LinkedHashMap<>();
        try (MarketDataGateway gateway = TestVenue.launch(new SimpleMeterRegistry()))
        {
            final Map<String, RawFixClient> clients = new LinkedHashMap<>();
            try
            {
                for (final Map.Entry<String, Map<String, String>> subscriber : SUBSCRIBERS.entrySet())
                {
                    final RawFixClient client = new RawFixClient(gateway.port(), subscriber.getKey());
                    clients.put(subscriber.getKey(), client);
                    client.logon();
                    for (final Map.Entry<String, String> view : subscriber.getValue().entrySet())
                    {
                        subscribe(client, view.getKey(), view.getValue());
                    }
                    runs.put(subscriber.getKey(), new Run());
                }
                if (oneBatch)
                {
                    inOneBatch(gateway, events);
                }
                else
                {
                    for (final BookEvent event : events)
                    {
                        gateway.onBookEvent(event);
                        // one drained batch per event: the next goes once every subscriber of its instrument has it
                        for (final Map.Entry<String, RawFixClient> client : clients.entrySet())
                        {
                            if (SUBSCRIBERS.get(client.getKey()).containsKey(SYMBOLS[event.instrumentId]))
                            {
                                runs.get(client.getKey()).frames.add(readApplicationMessage(client.getValue()));
                            }
                        }
                    }
                }
                for (final Map.Entry<String, RawFixClient> client : clients.entrySet())
                {
                    final Run run = runs.get(client.getKey());
                    run.frames.addAll(readUntilSync(client.getValue(), "END"));
                    for (final Map.Entry<String, String> view : SUBSCRIBERS.get(client.getKey()).entrySet())
                    {
                        run.snapshots.put(view.getKey(), snapshot(client.getValue(), view.getKey(), view.getValue()));
                    }
                }
            }
            finally
            {
                for (final RawFixClient client : clients.values())
                {
                    client.close();
                }
            }
        }
        return runs;
    }

    /**
     * Adds on both sides of three instruments, size-downs, partial and full executions, cancels, price amends, and a
     * halt of AAPL in the middle.
     */
    private static List<BookEvent> mixedEvents()
    {
        final TestVenue venue = new TestVenue();
        final List<BookEvent> events = new ArrayList<>();
        for (int instrument = AAPL; instrument <= TSLA; instrument++)
        {
            final long base = instrument * 100L;
            events.add(venue.add(instrument, base + 1, Side.BUY, PX - TICK, 100));
            events.add(venue.add(instrument, base + 2, Side.BUY, PX - 2 * TICK, 50));
            events.add(venue.add(instrument, base + 3, Side.SELL, PX + TICK, 70));
            events.add(venue.add(instrument, base + 4, Side.SELL, PX + TICK, 30));
        }
        events.add(venue.event(BookEvent.Type.MODIFY_KEEP_PRIORITY, AAPL, 102, Side.BUY, PX - 2 * TICK, 40));
        events.add(venue.execute(MSFT, 203, Side.SELL, PX + TICK, 20, 50, 901));
        events.add(status(venue, AAPL, TradingStatus.HALTED));
        events.add(venue.execute(TSLA, 303, Side.SELL, PX + TICK, 70, 0, 902));
        events.add(venue.event(BookEvent.Type.MODIFY_LOSE_PRIORITY, MSFT, 201, Side.BUY, PX - 3 * TICK, 100));
        events.add(venue.event(BookEvent.Type.DELETE, AAPL, 104, Side.SELL, PX + TICK, 0));
        events.add(venue.event(BookEvent.Type.DELETE, TSLA, 302, Side.BUY, PX - 2 * TICK, 0));
        events.add(venue.add(AAPL, 105, Side.BUY, PX, 5));
        events.add(venue.execute(AAPL, 101, Side.BUY, PX - TICK, 100, 0, 903));
        events.add(venue.event(BookEvent.Type.MODIFY_LOSE_PRIORITY, TSLA, 304, Side.SELL, PX + 2 * TICK, 30));
        return events;
    }

    private static BookEvent status(final TestVenue venue, final int instrument, final TradingStatus status)
    {
        final BookEvent event = venue.event(BookEvent.Type.STATUS, instrument, 0, null, 0, 0);
        event.tradingStatus = status;
        return event;
    }

    /** Hands {@code events} to the gateway from a task on its event loop: one drained batch reads them all. */
    private static void inOneBatch(final MarketDataGateway gateway, final List<BookEvent> events) throws Exception
    {
        gateway.submitToEventLoop(() ->
        {
            for (final BookEvent event : events)
            {
                gateway.onBookEvent(event);
            }
        }).get();
    }

    // ---------------------------------------------------------------- client side

    private static void subscribe(final RawFixClient client, final String symbol, final String aggregated)
        throws IOException
    {
        client.subscribe(symbol + aggregated, symbol, 0, aggregated);
        assertNotNull(client.readUntil("W", 5_000), "snapshot of " + symbol);
    }

    /** The next market-data message (X or f), skipping session messages; bounded. */
    private static FixFrame readApplicationMessage(final RawFixClient client) throws IOException
    {
        final long deadline = System.currentTimeMillis() + 5_000;
        while (System.currentTimeMillis() < deadline)
        {
            final FixFrame frame = client.read(deadline - System.currentTimeMillis());
            if (frame != null && ("X".equals(frame.msgType()) || "f".equals(frame.msgType())))
            {
                return frame;
            }
        }
        throw new AssertionError("no market data within 5 s");
    }

    /**
     * Sends a TestRequest and returns the market-data messages read before its answer: the gateway writes the answer
     * after everything queued before it, so nothing else is on its way.
     */
    private static List<FixFrame> readUntilSync(final RawFixClient client, final String id) throws IOException
    {
        client.send("1", "112=" + id);
        final List<FixFrame> frames = new ArrayList<>();
        final long deadline = System.currentTimeMillis() + 5_000;
        while (System.currentTimeMillis() < deadline)
        {
            final FixFrame frame = client.read(deadline - System.currentTimeMillis());
            if (frame == null)
            {
                break;
            }
            if ("0".equals(frame.msgType()) && id.equals(frame.get(112)))
            {
                return frames;
            }
            if ("X".equals(frame.msgType()) || "f".equals(frame.msgType()))
            {
                frames.add(frame);
            }
        }
        throw new AssertionError("no answer to TestRequest " + id + " within 5 s");
    }

    /** A snapshot-only request (263=0) for the view: its entries as a book, keyed as {@link Run#book} keys them. */
    private static Map<String, String> snapshot(final RawFixClient client, final String symbol,
        final String aggregated) throws IOException
    {
        client.send("V", "262=SNAP-" + symbol, "263=0", "264=0", "266=" + aggregated, "267=3", "269=0", "269=1",
            "269=2", "146=1", "55=" + symbol);
        final FixFrame snapshot = client.readUntil("W", 5_000);
        assertNotNull(snapshot, "snapshot of " + symbol);
        final Map<String, String> book = new TreeMap<>();
        for (final Map<Integer, String> entry : groups(snapshot, 269))
        {
            put(book, entry, "N".equals(aggregated));
        }
        book.put("RptSeq", snapshot.get(83));
        return book;
    }

    private static void put(final Map<String, String> book, final Map<Integer, String> entry, final boolean l3)
    {
        if (l3)
        {
            book.put(entry.get(278), entry.get(269) + " " + entry.get(270) + " " + entry.get(271));
        }
        else
        {
            book.put(entry.get(269) + " " + entry.get(270), entry.get(271) + "/" + entry.get(346));
        }
    }

    private static void assertWithinBound(final List<FixFrame> frames)
    {
        for (final FixFrame frame : frames)
        {
            assertTrue(frame.body().length() <= IncrementalFanOut.MAX_BODY_BYTES, "body of "
                + frame.body().length() + " bytes");
        }
    }

    /** The MDEntries of the incrementals among {@code frames}, in order, each as tag -> value. */
    private static List<Map<Integer, String>> entries(final List<FixFrame> frames)
    {
        final List<Map<Integer, String>> entries = new ArrayList<>();
        for (final FixFrame frame : frames)
        {
            if ("X".equals(frame.msgType()))
            {
                final List<Map<Integer, String>> group = groups(frame, 279);
                assertEquals(Integer.parseInt(frame.get(268)), group.size(), "NoMDEntries of " + frame);
                entries.addAll(group);
            }
        }
        return entries;
    }

    /** The repeating group entries of {@code frame}, each starting at {@code firstTag}, up to the CheckSum. */
    private static List<Map<Integer, String>> groups(final FixFrame frame, final int firstTag)
    {
        final List<Map<Integer, String>> entries = new ArrayList<>();
        Map<Integer, String> entry = null;
        for (final String[] field : frame.fields())
        {
            final int tag = Integer.parseInt(field[0]);
            if (tag == firstTag)
            {
                entry = new LinkedHashMap<>();
                entries.add(entry);
            }
            if (entry != null && tag != 10)
            {
                entry.put(tag, field[1]);
            }
        }
        return entries;
    }

    /** What one subscriber received in one run. */
    private static final class Run
    {
        final List<FixFrame> frames = new ArrayList<>();
        final Map<String, Map<String, String>> snapshots = new LinkedHashMap<>();

        List<String> types()
        {
            return frames.stream().map(FixFrame::msgType).toList();
        }

        int entryCount(final int message)
        {
            return Integer.parseInt(frames.get(message).get(268));
        }

        /** The instruments named in one message. */
        int symbolsOf(final int message)
        {
            return (int)frames.get(message).all(55).stream().distinct().count();
        }

        /** The entries of the incrementals received before the status. */
        int entriesBeforeStatus()
        {
            int count = 0;
            for (int i = 0; i < frames.size() && !"f".equals(frames.get(i).msgType()); i++)
            {
                count += entryCount(i);
            }
            return count;
        }

        /** Per instrument, its entries in order: 279, 269, 278, 270, 271, 346, 37 and 83 of each. */
        Map<String, List<String>> entriesBySymbol()
        {
            final Map<String, List<String>> bySymbol = new TreeMap<>();
            for (final Map<Integer, String> entry : entries(frames))
            {
                bySymbol.computeIfAbsent(entry.get(55), s -> new ArrayList<>()).add(entry.get(279) + " "
                    + entry.get(269) + " " + entry.get(278) + " " + entry.get(270) + " " + entry.get(271) + " "
                    + entry.get(346) + " " + entry.get(37) + " #" + entry.get(83));
            }
            return bySymbol;
        }

        void assertRptSeqGapFree(final String compId)
        {
            final Map<String, Long> last = new TreeMap<>();
            for (final Map<Integer, String> entry : entries(frames))
            {
                final long rptSeq = Long.parseLong(entry.get(83));
                assertEquals(last.getOrDefault(entry.get(55), 0L) + 1, rptSeq, compId + " " + entry.get(55));
                last.put(entry.get(55), rptSeq);
            }
        }

        /** The book of one instrument built from the incrementals (trades do not rest), with the last RptSeq. */
        Map<String, String> book(final String symbol, final String aggregated)
        {
            final boolean l3 = "N".equals(aggregated);
            final Map<String, String> book = new TreeMap<>();
            String rptSeq = "0";
            for (final Map<Integer, String> entry : entries(frames))
            {
                if (!symbol.equals(entry.get(55)))
                {
                    continue;
                }
                rptSeq = entry.get(83);
                if ("2".equals(entry.get(269)))
                {
                    continue;
                }
                if ("2".equals(entry.get(279)))
                {
                    book.remove(l3 ? entry.get(278) : entry.get(269) + " " + entry.get(270));
                }
                else
                {
                    put(book, entry, l3);
                }
            }
            book.put("RptSeq", rptSeq);
            return book;
        }
    }
}
