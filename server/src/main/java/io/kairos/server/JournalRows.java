package io.kairos.server;

import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.kairos.engine.BookEvent;
import io.kairos.engine.CommandType;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.Instrument;
import io.kairos.engine.Prices;
import io.kairos.engine.RejectReason;
import io.kairos.fix.FixSessionConfig;

/**
 * Writes journal commands and their events as human-readable rows, CSV or JSON lines, for an auditor: one column set
 * ({@link #COLUMNS}) for all three kinds of row, enum names as written in the code, sessions by CompID, instruments
 * by symbol, prices as decimals, times as ISO-8601 UTC with nanoseconds. A JSON line holds the row's non-empty
 * columns. Owned by the thread that writes; allocates per row (not a hot path).
 */
final class JournalRows
{
    /** Output formats. */
    enum Format
    {
        CSV,
        JSONL
    }

    static final List<String> COLUMNS = List.of("record", "partition", "index", "event", "type", "cause",
        "exec_type", "ord_status", "reject_reason", "side", "ord_type", "tif", "session", "instrument", "clordid",
        "orig_clordid", "order_id", "exec_id", "book_seq", "price", "qty", "cum_qty", "leaves_qty", "avg_px",
        "last_px", "last_qty", "contra_order_id", "affected_orders", "poss_dup", "gateway_in", "engine_in",
        "transact_time", "correlation_id", "trading_action", "operator");

    private static final DateTimeFormatter ISO_NANOS =
        DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);

    private final PrintWriter out;
    private final Format format;
    private final KairosConfig config;
    private final Map<Integer, String> sessions = new HashMap<>();
    private final String[] row = new String[COLUMNS.size()];

    JournalRows(final PrintWriter out, final Format format, final KairosConfig config)
    {
        this.out = out;
        this.format = format;
        this.config = config;
        for (final FixSessionConfig session : config.fix().sessions())
        {
            sessions.put(session.sessionId(), session.compId());
        }
        sessions.put(DemoOrderFlow.SESSION_ID, "demo-flow");
    }

    void header()
    {
        if (format == Format.CSV)
        {
            out.println(String.join(",", COLUMNS));
        }
    }

    void command(final int partition, final long index, final EngineCommand c)
    {
        begin("command", partition, index, -1);
        set("type", c.type);
        set("reject_reason", c.preReject == RejectReason.NONE ? null : c.preReject);
        set("side", c.side);
        set("ord_type", c.orderType);
        set("tif", c.timeInForce);
        set("session", c.type == CommandType.TRADING_STATUS ? null : session(c.sessionId));
        set("instrument", instrument(c.instrumentId));
        set("clordid", c.clOrdId.toString());
        set("orig_clordid", c.origClOrdId.toString());
        set("order_id", c.orderId == 0 ? null : c.orderId);
        set("price", c.price == 0 ? null : Prices.toString(c.price));
        set("qty", c.quantity == 0 ? null : c.quantity);
        set("poss_dup", c.possDup ? "Y" : null);
        set("gateway_in", time(c.gatewayInNs));
        set("engine_in", time(c.engineInNs));
        set("correlation_id", c.correlationId);
        set("trading_action", c.tradingAction);
        set("operator", c.byOperator ? c.clOrdId.toString() : null);
        end();
    }

    void execution(final long index, final int event, final ExecutionEvent e)
    {
        begin("execution", e.partition, index, event);
        set("type", e.kind);
        set("cause", e.cause);
        set("exec_type", e.execType);
        set("ord_status", e.ordStatus);
        set("reject_reason", e.rejectReason == RejectReason.NONE ? null : e.rejectReason);
        set("side", e.side);
        set("ord_type", e.orderType);
        set("tif", e.timeInForce);
        set("session", session(e.sessionId));
        set("instrument", instrument(e.instrumentId));
        set("clordid", e.clOrdId.toString());
        set("orig_clordid", e.origClOrdId.toString());
        set("order_id", e.orderId);
        set("exec_id", e.execId);
        set("price", Prices.toString(e.price));
        set("qty", e.orderQty);
        set("cum_qty", e.cumQty);
        set("leaves_qty", e.leavesQty);
        set("avg_px", Prices.toString(e.avgPx));
        set("last_px", e.lastQty == 0 ? null : Prices.toString(e.lastPx));
        set("last_qty", e.lastQty == 0 ? null : e.lastQty);
        set("contra_order_id", e.contraOrderId == 0 ? null : e.contraOrderId);
        set("affected_orders", e.kind == ExecutionEvent.Kind.MASS_CANCEL_REPORT ? e.affectedOrders : null);
        set("gateway_in", time(e.gatewayInNs));
        set("engine_in", time(e.engineInNs));
        set("transact_time", time(e.transactTimeNs));
        set("correlation_id", e.correlationId);
        end();
    }

    void book(final int partition, final long index, final int event, final BookEvent e)
    {
        begin("book", partition, index, event);
        set("type", e.type);
        set("side", e.side);
        set("cause", e.aggressorSide == null ? null : "aggressor " + e.aggressorSide);
        set("instrument", instrument(e.instrumentId));
        set("order_id", e.orderId);
        set("exec_id", e.execId == 0 ? null : e.execId);
        set("book_seq", e.sequence);
        set("price", Prices.toString(e.price));
        set("qty", e.quantity);
        set("last_qty", e.tradeQuantity == 0 ? null : e.tradeQuantity);
        set("contra_order_id", e.aggressorOrderId == 0 ? null : e.aggressorOrderId);
        set("engine_in", time(e.engineInNs));
        set("transact_time", time(e.matchStartNs));
        end();
    }

    /** Epoch nanoseconds as ISO-8601 UTC with nine decimals; empty for 0 (not stamped). */
    static String time(final long epochNs)
    {
        return epochNs == 0 ? null :
            ISO_NANOS.format(Instant.ofEpochSecond(Math.floorDiv(epochNs, 1_000_000_000L),
                Math.floorMod(epochNs, 1_000_000_000L)));
    }

    private String session(final int sessionId)
    {
        return sessions.getOrDefault(sessionId, String.valueOf(sessionId));
    }

    private String instrument(final int instrumentId)
    {
        if (instrumentId < 0)
        {
            return "ALL";
        }
        final Instrument instrument = config.engine().instruments().byId(instrumentId);
        return instrument == null ? String.valueOf(instrumentId) : instrument.symbol();
    }

    private void begin(final String record, final int partition, final long index, final int event)
    {
        Arrays.fill(row, null);
        set("record", record);
        set("partition", partition);
        set("index", index);
        set("event", event < 0 ? null : event);
    }

    private void set(final String column, final Object value)
    {
        final String text = value == null ? null : value.toString();
        row[COLUMNS.indexOf(column)] = text == null || text.isEmpty() ? null : text;
    }

    private void end()
    {
        final StringBuilder line = new StringBuilder(256);
        if (format == Format.CSV)
        {
            for (int i = 0; i < row.length; i++)
            {
                if (i > 0)
                {
                    line.append(',');
                }
                if (row[i] != null)
                {
                    csv(line, row[i]);
                }
            }
        }
        else
        {
            line.append('{');
            for (int i = 0; i < row.length; i++)
            {
                if (row[i] != null)
                {
                    line.append(line.length() > 1 ? "," : "").append('"').append(COLUMNS.get(i)).append("\":");
                    json(line, row[i], isNumber(COLUMNS.get(i)));
                }
            }
            line.append('}');
        }
        out.println(line);
    }

    private static boolean isNumber(final String column)
    {
        return switch (column)
        {
            case "partition", "index", "event", "order_id", "exec_id", "book_seq", "qty", "cum_qty", "leaves_qty",
                 "last_qty", "contra_order_id", "affected_orders", "correlation_id" -> true;
            default -> false;
        };
    }

    private static void csv(final StringBuilder line, final String value)
    {
        if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0)
        {
            line.append(value);
            return;
        }
        line.append('"').append(value.replace("\"", "\"\"")).append('"');
    }

    private static void json(final StringBuilder line, final String value, final boolean number)
    {
        if (number)
        {
            line.append(value);
            return;
        }
        line.append('"');
        for (int i = 0; i < value.length(); i++)
        {
            final char c = value.charAt(i);
            if (c == '"' || c == '\\')
            {
                line.append('\\').append(c);
            }
            else if (c < 0x20)
            {
                line.append(String.format("\\u%04x", (int)c));
            }
            else
            {
                line.append(c);
            }
        }
        line.append('"');
    }
}
