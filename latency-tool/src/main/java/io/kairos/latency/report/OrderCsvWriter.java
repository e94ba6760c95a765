package io.kairos.latency.report;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import io.kairos.latency.correlate.OrderRecordSink;

/**
 * Writes one CSV row per finished request. Times are epoch nanoseconds, latencies microseconds with three decimals
 * (nanosecond precision); an empty cell means absent. Formats into a reused byte array: no allocation per row.
 * Owned by the analysis thread.
 */
public final class OrderCsvWriter implements OrderRecordSink, AutoCloseable
{
    public static final String HEADER = "request,connection,client_to_server,clordid,orderid,request_time_ns," +
        "ack_time_ns,ack_latency_us,exec_type,first_tick_time_ns,order_to_tick_us,last_subscriber_tick_us," +
        "tick_minus_ack_us,subscribers,gateway_in_ns,engine_in_ns,engine_out_ns,gateway_response_in_ns," +
        "sending_time_ns,status\n";
    private static final long NONE = Long.MIN_VALUE;
    private static final byte[] ACKED = "acked".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] UNACKED = "unacknowledged".getBytes(StandardCharsets.US_ASCII);

    private final OutputStream out;
    private final byte[] row = new byte[1024];
    private final byte[] digits = new byte[20];
    private int length;
    private long rows;

    public OrderCsvWriter(final Path file) throws IOException
    {
        this.out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
        out.write(HEADER.getBytes(StandardCharsets.US_ASCII));
    }

    public long rows()
    {
        return rows;
    }

    public void onOrder(
        final String kind,
        final int connectionId,
        final String connection,
        final byte[] clOrdId,
        final int clOrdIdLength,
        final byte[] orderId,
        final int orderIdLength,
        final byte execType,
        final int subscribers,
        final long[] times)
    {
        length = 0;
        row[length++] = (byte)kind.charAt(0);
        comma();
        appendLong(connectionId);
        comma();
        appendAscii(connection);
        comma();
        appendText(clOrdId, clOrdIdLength);
        comma();
        appendText(orderId, orderIdLength);
        comma();
        appendOptional(times[0]);
        comma();
        appendOptional(times[1]);
        comma();
        appendMicros(times[0], times[1]);
        comma();
        if (execType != 0)
        {
            row[length++] = execType;
        }
        comma();
        appendOptional(times[2]);
        comma();
        appendMicros(times[0], times[2]);
        comma();
        appendMicros(times[0], times[3]);
        comma();
        appendMicros(times[1], times[2]);
        comma();
        appendLong(subscribers);
        for (int i = 4; i <= 8; i++)
        {
            comma();
            appendOptional(times[i]);
        }
        comma();
        final byte[] status = times[1] == NONE ? UNACKED : ACKED;
        System.arraycopy(status, 0, row, length, status.length);
        length += status.length;
        row[length++] = '\n';
        try
        {
            out.write(row, 0, length);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        rows++;
    }

    private void comma()
    {
        row[length++] = ',';
    }

    /** Copies an address text such as "10.0.0.1:40000 -> 10.0.0.2:9880" (ASCII, no comma or quote). */
    private void appendAscii(final String text)
    {
        for (int i = 0, n = text.length(); i < n; i++)
        {
            row[length++] = (byte)text.charAt(i);
        }
    }

    /** Copies an identifier, quoting it when it holds a comma or a quote (CSV, RFC 4180). */
    private void appendText(final byte[] text, final int textLength)
    {
        boolean quote = false;
        for (int i = 0; i < textLength; i++)
        {
            quote |= text[i] == ',' || text[i] == '"';
        }
        if (quote)
        {
            row[length++] = '"';
        }
        for (int i = 0; i < textLength; i++)
        {
            if (text[i] == '"')
            {
                row[length++] = '"';
            }
            row[length++] = text[i];
        }
        if (quote)
        {
            row[length++] = '"';
        }
    }

    private void appendOptional(final long value)
    {
        if (value != NONE)
        {
            appendLong(value);
        }
    }

    private void appendMicros(final long fromNs, final long toNs)
    {
        if (fromNs == NONE || toNs == NONE)
        {
            return;
        }
        long ns = toNs - fromNs;
        if (ns < 0)
        {
            row[length++] = '-';
            ns = -ns;
        }
        appendLong(ns / 1000);
        row[length++] = '.';
        final long fraction = ns % 1000;
        row[length++] = (byte)('0' + fraction / 100);
        row[length++] = (byte)('0' + (fraction / 10) % 10);
        row[length++] = (byte)('0' + fraction % 10);
    }

    private void appendLong(final long value)
    {
        long v = value;
        if (v < 0)
        {
            row[length++] = '-';
            v = -v;
        }
        int count = 0;
        do
        {
            digits[count++] = (byte)('0' + v % 10);
            v /= 10;
        }
        while (v != 0);
        while (count > 0)
        {
            row[length++] = digits[--count];
        }
    }

    public void close() throws IOException
    {
        out.close();
    }
}
