package io.kairos.engine;

/**
 * Parses the one-line command language the matching specifications are written in:
 * <pre>
 *   s1 new c1 AAPL buy limit day 100.5 10      (market orders: "market" and any price)
 *   s1 new c1 AAPL buy limit day 100 10 min=4 floor=3   (MinQty 110, MaxFloor 111; either, both, any order)
 *   s1 cancel c2 c1 AAPL buy                     (new ClOrdID, OrigClOrdID)
 *   s1 replace c3 c1 AAPL buy 101 10             (new price, new total quantity)
 *   s1 replace c3 c1 AAPL buy 101 10 limit gtc   (with the order type and time in force the request states)
 *   s1 status c1 AAPL
 *   s1 masscancel m1 AAPL|all
 *   s1 cancelid c2 256 AAPL buy                  (cancel by engine order id)
 *   admin halt|resume|open|close AAPL|all [yyyymmdd]   (a trading action, asked by "admin"; open: its day)
 * </pre>
 */
final class CommandScript
{
    private CommandScript()
    {
    }

    static EngineCommand parse(final String line, final ReferenceData referenceData, final EngineCommand into)
    {
        final String[] t = line.trim().split("\\s+");
        if ("admin".equals(t[0]))
        {
            final int instrument = "all".equals(t[2]) ? EngineCommand.ALL_INSTRUMENTS : instrument(t[2], referenceData);
            into.tradingAction(instrument, TradingAction.valueOf(t[1].toUpperCase()), "admin");
            into.tradingDate = t.length > 3 ? Integer.parseInt(t[3]) : 0;
            return into;
        }
        final int session = Integer.parseInt(t[0].substring(1));
        switch (t[1])
        {
            case "new" ->
            {
                into.newOrder(session, t[2], instrument(t[3], referenceData), side(t[4]),
                    OrderType.valueOf(t[5].toUpperCase()), TimeInForce.valueOf(t[6].toUpperCase()), Prices.parse(t[7]),
                    Long.parseLong(t[8]));
                for (int i = 9; i < t.length; i++)
                {
                    instruction(t[i], into, line);
                }
            }
            case "newdup" ->
            {
                into.newOrder(session, t[2], instrument(t[3], referenceData), side(t[4]),
                    OrderType.valueOf(t[5].toUpperCase()), TimeInForce.valueOf(t[6].toUpperCase()), Prices.parse(t[7]),
                    Long.parseLong(t[8]));
                into.possDup = true;
            }
            case "cancel" -> into.cancel(session, t[2], t[3], instrument(t[4], referenceData), side(t[5]));
            case "cancelid" ->
            {
                into.cancel(session, t[2], "", instrument(t[4], referenceData), side(t[5]));
                into.orderId = Long.parseLong(t[3]);
            }
            case "replace" ->
            {
                into.replace(session, t[2], t[3], instrument(t[4], referenceData), side(t[5]), Prices.parse(t[6]),
                    Long.parseLong(t[7]));
                if (t.length > 9)
                {
                    into.orderType = OrderType.valueOf(t[8].toUpperCase());
                    into.timeInForce = TimeInForce.valueOf(t[9].toUpperCase());
                }
            }
            case "status" -> into.orderStatus(session, t[2], instrument(t[3], referenceData));
            case "masscancel" -> into.massCancel(session, t[2],
                "all".equals(t[3]) ? EngineCommand.ALL_INSTRUMENTS : instrument(t[3], referenceData));
            default -> throw new IllegalArgumentException("unknown command in: " + line);
        }
        return into;
    }

    private static void instruction(final String token, final EngineCommand into, final String line)
    {
        if (token.startsWith("min="))
        {
            into.minQty = Long.parseLong(token.substring(4));
        }
        else if (token.startsWith("floor="))
        {
            into.maxFloor = Long.parseLong(token.substring(6));
        }
        else
        {
            throw new IllegalArgumentException("unknown order instruction " + token + " in: " + line);
        }
    }

    private static int instrument(final String symbol, final ReferenceData referenceData)
    {
        final Instrument instrument = referenceData.bySymbol(symbol);
        return instrument == null ? 999 : instrument.id();
    }

    private static Side side(final String text)
    {
        return Side.valueOf(text.toUpperCase());
    }
}
