package io.kairos.md;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import io.kairos.engine.Instrument;
import io.kairos.l3.L3Book;

/**
 * The market-data views of one instrument, created on the first subscription that needs them and
 * dropped with their last subscriber. Owned by the gateway's event loop.
 */
final class InstrumentFeed
{
    final Instrument instrument;
    final byte[] symbolBytes;
    private MdView[] views = new MdView[2];
    private int count;

    InstrumentFeed(final Instrument instrument)
    {
        this.instrument = instrument;
        symbolBytes = instrument.symbol().getBytes(StandardCharsets.US_ASCII);
    }

    int viewCount()
    {
        return count;
    }

    MdView view(final int index)
    {
        return views[index];
    }

    /** Finds or creates (allocating) the view; a new top-N view starts from the current book. */
    MdView viewFor(final boolean l3, final int depth, final int mask, final L3Book book)
    {
        for (int i = 0; i < count; i++)
        {
            if (views[i].matches(l3, depth, mask))
            {
                return views[i];
            }
        }
        final ViewEncoder encoder = l3 ? new L3ViewEncoder() : depth == 0 ? new L2FullViewEncoder()
            : new L2TopViewEncoder(depth, book);
        final MdView view = new MdView(l3, depth, mask, encoder);
        if (count == views.length)
        {
            views = Arrays.copyOf(views, count << 1);
        }
        views[count++] = view;
        return view;
    }

    /** Drops the view if nobody subscribes to it any more. */
    void dropIfUnused(final MdView view)
    {
        if (view.subscriptionCount() > 0)
        {
            return;
        }
        for (int i = 0; i < count; i++)
        {
            if (views[i] == view)
            {
                System.arraycopy(views, i + 1, views, i, count - i - 1);
                views[--count] = null;
                return;
            }
        }
    }
}
