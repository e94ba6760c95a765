package io.kairos.bench.harness;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.HexFormat;
import java.util.function.LongUnaryOperator;

/**
 * The engine-neutral text of an {@link OutcomeLog}: one line per outcome, in the order the engine
 * produced them, ids as flow refs and prices in ticks, so that two engines that matched a flow the
 * same way produce byte-identical text. {@code m} is the message index in the flow (a modify's
 * cancel and reinsert share one):
 * <pre>
 * m T makerRef takerRef price qty   a fill, at the maker's price
 * m E ref qty                       IOC remainder expired
 * m C ref qty                       order cancelled, qty taken off the book
 * m X ref                           cancel refused: the order is no longer live
 * m R ref qty                       insert rests qty on the book
 * m J ref                           insert refused (never expected)
 * </pre>
 * Stateless; runs after timing (it allocates a buffer and formats text).
 */
public final class CanonicalText
{
    private static final int BUFFER_BYTES = 1 << 16;

    private CanonicalText()
    {
    }

    /** Writes the text of {@code log}: ids through {@code idToRef}, engine prices divided by {@code priceUnit}. */
    public static void write(final OutcomeLog log, final OrderFlow flow, final LongUnaryOperator idToRef,
        final long priceUnit, final OutputStream out) throws IOException
    {
        final int[] messageOfCommand = messageOfCommand(flow);
        final byte[] buffer = new byte[BUFFER_BYTES];
        int at = 0;
        int i = 0;
        while (i < log.size())
        {
            if (at > BUFFER_BYTES - 128)
            {
                out.write(buffer, 0, at);
                at = 0;
            }
            final long header = log.at(i);
            final int type = OutcomeLog.type(header);
            at = digits(buffer, at, messageOfCommand[OutcomeLog.command(header)]);
            switch (type)
            {
                case OutcomeLog.TRADE ->
                {
                    at = field(buffer, at, 'T', idToRef.applyAsLong(log.at(i + 1)));
                    at = space(buffer, at, idToRef.applyAsLong(log.at(i + 2)));
                    at = space(buffer, at, log.at(i + 3) / priceUnit);
                    at = space(buffer, at, log.at(i + 4));
                }
                case OutcomeLog.EXPIRED -> at = idAndQuantity(buffer, at, 'E', idToRef, log, i);
                case OutcomeLog.CANCELLED -> at = idAndQuantity(buffer, at, 'C', idToRef, log, i);
                case OutcomeLog.RESTED -> at = idAndQuantity(buffer, at, 'R', idToRef, log, i);
                case OutcomeLog.CANCEL_REJECTED -> at = field(buffer, at, 'X', log.at(i + 1));
                case OutcomeLog.REJECTED -> at = field(buffer, at, 'J', log.at(i + 1));
                default -> throw new IllegalStateException("unknown outcome type " + type);
            }
            buffer[at++] = '\n';
            i += OutcomeLog.length(type);
        }
        out.write(buffer, 0, at);
        out.flush();
    }

    /** SHA-256 of the text, lower-case hex. */
    public static String sha256(final OutcomeLog log, final OrderFlow flow, final LongUnaryOperator idToRef,
        final long priceUnit)
    {
        final MessageDigest digest;
        try
        {
            digest = MessageDigest.getInstance("SHA-256");
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
        try (DigestOutputStream out = new DigestOutputStream(OutputStream.nullOutputStream(), digest))
        {
            write(log, flow, idToRef, priceUnit, out);
        }
        catch (final IOException e)
        {
            throw new IllegalStateException("hashing into memory failed", e);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** Writes the text to {@code file} (replacing it). */
    public static void write(final OutcomeLog log, final OrderFlow flow, final LongUnaryOperator idToRef,
        final long priceUnit, final Path file) throws IOException
    {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file)))
        {
            write(log, flow, idToRef, priceUnit, out);
        }
    }

    /**
     * The first line where two texts differ, with {@code context} lines around it from each, or null when they are
     * equal. Reads both files line by line: the texts can be hundreds of MB.
     */
    public static String firstDifference(final Path expected, final String expectedName, final Path actual,
        final String actualName, final int context) throws IOException
    {
        try (BufferedReader a = Files.newBufferedReader(expected, StandardCharsets.US_ASCII);
            BufferedReader b = Files.newBufferedReader(actual, StandardCharsets.US_ASCII))
        {
            final ArrayDeque<String> before = new ArrayDeque<>();
            long line = 1;
            while (true)
            {
                final String x = a.readLine();
                final String y = b.readLine();
                if (x == null && y == null)
                {
                    return null;
                }
                if (x == null || !x.equals(y))
                {
                    final StringBuilder out = new StringBuilder();
                    out.append("first difference at line ").append(line).append(" (").append(expectedName).append(" | ")
                        .append(actualName).append("):\n");
                    long n = line - before.size();
                    for (final String same : before)
                    {
                        out.append(String.format("  %,d   %s%n", n++, same));
                    }
                    appendSide(out, line, x, a, expectedName, context);
                    appendSide(out, line, y, b, actualName, context);
                    return out.toString();
                }
                before.addLast(x);
                if (before.size() > context)
                {
                    before.removeFirst();
                }
                line++;
            }
        }
    }

    private static void appendSide(final StringBuilder out, final long line, final String first,
        final BufferedReader rest, final String name, final int context) throws IOException
    {
        out.append("  ").append(name).append(":\n");
        String text = first;
        for (int k = 0; k <= context; k++)
        {
            final String shown = text == null ? "(end of text)" : text;
            out.append(String.format("  %,d %s %s%n", line + k, k == 0 ? ">" : " ", shown));
            if (text == null)
            {
                return;
            }
            text = rest.readLine();
        }
    }

    /** Message index of each command: a modify's reinsert shares its cancel's. */
    private static int[] messageOfCommand(final OrderFlow flow)
    {
        final int[] message = new int[flow.size()];
        int m = -1;
        for (int i = 0; i < message.length; i++)
        {
            m += flow.isReinsert(i) ? 0 : 1;
            message[i] = m;
        }
        return message;
    }

    private static int idAndQuantity(final byte[] buffer, final int at, final char type,
        final LongUnaryOperator idToRef, final OutcomeLog log, final int record)
    {
        return space(buffer, field(buffer, at, type, idToRef.applyAsLong(log.at(record + 1))), log.at(record + 2));
    }

    private static int field(final byte[] buffer, final int at, final char type, final long value)
    {
        buffer[at] = ' ';
        buffer[at + 1] = (byte)type;
        return space(buffer, at + 2, value);
    }

    private static int space(final byte[] buffer, final int at, final long value)
    {
        buffer[at] = ' ';
        return digits(buffer, at + 1, value);
    }

    private static int digits(final byte[] buffer, final int at, final long value)
    {
        if (value < 0)
        {
            buffer[at] = '-';
            return digits(buffer, at + 1, -value);
        }
        int end = at;
        long v = value;
        do
        {
            end++;
            v /= 10;
        }
        while (v != 0);
        v = value;
        for (int p = end - 1; p >= at; p--)
        {
            buffer[p] = (byte)('0' + v % 10);
            v /= 10;
        }
        return end;
    }
}
