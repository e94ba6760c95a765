package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import io.kairos.fix.wire.MsgTypes;
import org.junit.jupiter.api.Test;

/**
 * The lean subscribers count incrementals (35=X) and their entries over the measured part only: real frames handed
 * to {@link LeanMarketDataAdapter} with explicit receive times before, within and after the {@link MeasureWindow}.
 */
class MarketDataWindowTest
{
    private final Frames frames = new Frames();

    /** An incremental with {@code entries} order-by-order entries for AAPL, RptSeq from {@code rptSeq}. */
    private static String incremental(final int entries, final long rptSeq)
    {
        final StringBuilder body = new StringBuilder("268=").append(entries).append('|');
        for (int i = 0; i < entries; i++)
        {
            body.append("279=0|269=0|278=").append(1000 + rptSeq + i).append("|55=AAPL|83=").append(rptSeq + i)
                .append("|270=1|271=1|");
        }
        return body.toString();
    }

    @Test
    void shouldCountIncrementalsAndEntriesReceivedWithinTheMeasuredPartOnly() throws Exception
    {
        final MeasureWindow window = new MeasureWindow();
        final RejectReasons rejects = new RejectReasons(window);
        final LeanMarketDataAdapter adapter = new LeanMarketDataAdapter(Instrument.parseList(Instrument.DEMO_LIST), 1,
            true, 0, new CountDownLatch(0), window, rejects);
        try (SocketChannel unused = SocketChannel.open())
        {
            final LeanSession session = new LeanSession(0, "FIX.4.4", "MD01", "KAIROS-MD", null, unused,
                adapter, 0);
            final byte x = (byte)MsgTypes.MARKET_DATA_INCREMENTAL_REFRESH;
            adapter.onAppMessage(session, x, frames.index('X', incremental(1, 1)), 500);
            window.open(1_000);
            adapter.onAppMessage(session, x, frames.index('X', incremental(2, 2)), 1_000);
            adapter.onAppMessage(session, x, frames.index('X', incremental(3, 4)), 1_999);
            window.close(2_000);
            adapter.onAppMessage(session, x, frames.index('X', incremental(4, 7)), 2_000);

            assertEquals(2, adapter.measuredIncrementals());
            assertEquals(2 + 3, adapter.measuredEntries());
            assertEquals(4, adapter.incrementals(), "the whole run's count is as before");
            assertEquals(1 + 2 + 3 + 4, adapter.entries());
            assertEquals(0, adapter.rptSeqGaps());
            assertEquals(1_000, window.lengthNs());
            final MarketDataFigures figures = new MarketDataFigures(1, window.lengthNs(),
                adapter.measuredIncrementals(), adapter.measuredEntries(), List.of());
            assertEquals(2e6, figures.incrementalsPerSubscriberPerSecond(), 1e-6, "2 in 1 us");
            assertEquals(2.5, figures.entriesPerIncremental(), 1e-9);
        }
    }

    @Test
    void shouldCountMarketDataRequestRejectsByReason() throws Exception
    {
        final RejectReasons rejects = new RejectReasons(MeasureWindow.always());
        final LeanMarketDataAdapter adapter = new LeanMarketDataAdapter(Instrument.parseList(Instrument.DEMO_LIST), 1,
            true, 0, new CountDownLatch(0), MeasureWindow.always(), rejects);

        adapter.onAppMessage(null, (byte)MsgTypes.MARKET_DATA_REQUEST_REJECT,
            frames.index('Y', "262=MD01-all|281=2|58=more than 10 snapshot requests per second|"), 0);

        assertEquals(1, adapter.requestRejects());
        assertEquals(List.of(new RejectCounts.Reason(
            "MarketDataRequestReject 281=2: more than # snapshot requests per second", 1)), rejects.counts().reasons());
    }
}
