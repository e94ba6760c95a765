package io.kairos.testsupport;

import quickfix.Group;
import quickfix.Message;
import quickfix.field.MsgType;

/** Builds the MarketDataRequests (V) the tests' QuickFIX/J clients send. Stateless. */
public final class MarketDataRequests
{
    private MarketDataRequests()
    {
    }

    /**
     * A MarketDataRequest (V): snapshot and updates (263=1) of {@code symbol}, {@code depth} levels (0: all),
     * incremental refresh (265=1), by level (266=Y) or order by order (N), for these MDEntryTypes (269).
     */
    public static Message subscribe(final String requestId, final String symbol, final int depth,
        final char aggregated, final char... entryTypes)
    {
        final Message request = new Message();
        request.getHeader().setString(35, MsgType.MARKET_DATA_REQUEST);
        request.setString(262, requestId);
        request.setChar(263, '1');
        request.setInt(264, depth);
        request.setInt(265, 1);
        request.setChar(266, aggregated);
        for (final char type : entryTypes)
        {
            final Group entryType = new Group(267, 269);
            entryType.setChar(269, type);
            request.addGroup(entryType);
        }
        final Group symbolGroup = new Group(146, 55);
        symbolGroup.setString(55, symbol);
        request.addGroup(symbolGroup);
        return request;
    }
}
