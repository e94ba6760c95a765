package io.kairos.bench.harness;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import static io.kairos.bench.harness.OrderFlowFileDescriptor.*;

/**
 * A pre-generated command stream in a neutral, column-per-field form that every engine is fed
 * from, so they all see exactly the same commands in the same order. Segments follow each other:
 * prefill (builds the resting book), warm-up, throughput, latency. Filled once by the generator
 * ({@link #append}) or read from a file ({@link #read}); read-only afterwards and then safe to
 * read from any thread. The file layout is drawn in {@link OrderFlowFileDescriptor}.
 *
 * <p>Prices are in ticks and quantities in lots; each engine converts them to its own units.
 * {@code orderRef} is the order's stable id (exchange-core's orderId); {@code clOrdNum} is the
 * Kairos ClOrdID of this command (unique in the stream) and {@code origClOrdNum} the ClOrdID that
 * currently names the target order of a cancel or update (Kairos renames an order on replace).
 *
 * <p>An insert is GTC unless its {@code timeInForce} says {@link #IOC}. {@link #FLAG_REINSERT} marks
 * the insert half of a modify sent as two engine commands (cancel the order, insert its replacement
 * with a new ref): it belongs to the same message as the cancel just before it, so {@link #messages()}
 * does not count it.
 */
public final class OrderFlow
{
    public static final byte INSERT = 0;
    public static final byte CANCEL = 1;
    public static final byte UPDATE = 2;
    public static final byte BUY = 0;
    public static final byte SELL = 1;
    public static final byte GTC = 0;
    public static final byte IOC = 1;
    /** This insert completes the modify whose cancel is the record just before it (one message, two commands). */
    public static final byte FLAG_REINSERT = 1;

    private final String scenarioKey;
    private final int users;
    private final int books;
    private final long maxPriceTicks;
    private final byte[] kind;
    private final byte[] side;
    private final byte[] timeInForce;
    private final byte[] flags;
    private final int[] user;
    private final int[] book;
    private final long[] priceTicks;
    private final long[] quantityLots;
    private final long[] orderRef;
    private final long[] clOrdNum;
    private final long[] origClOrdNum;
    private int prefillEnd;
    private int warmupEnd;
    private int throughputEnd;
    private int size;
    private int reinserts;

    public OrderFlow(final String scenarioKey, final int users, final int books, final long maxPriceTicks,
        final int capacity)
    {
        if (scenarioKey.length() > MAX_KEY_LENGTH || !scenarioKey.chars().allMatch(c -> c > ' ' && c < 127))
        {
            throw new IllegalArgumentException("scenario key must be 1.." + MAX_KEY_LENGTH
                + " printable ASCII characters: " + scenarioKey);
        }
        this.scenarioKey = scenarioKey;
        this.users = users;
        this.books = books;
        this.maxPriceTicks = maxPriceTicks;
        kind = new byte[capacity];
        side = new byte[capacity];
        timeInForce = new byte[capacity];
        flags = new byte[capacity];
        user = new int[capacity];
        book = new int[capacity];
        priceTicks = new long[capacity];
        quantityLots = new long[capacity];
        orderRef = new long[capacity];
        clOrdNum = new long[capacity];
        origClOrdNum = new long[capacity];
    }

    /** Adds one GTC command. For UPDATE, {@code lots} is the order's unchanged total quantity. */
    public void append(final byte kindValue, final byte sideValue, final int userValue, final int bookValue,
        final long price,
        final long lots, final long ref, final long clOrd, final long origClOrd)
    {
        append(kindValue, sideValue, GTC, (byte)0, userValue, bookValue, price, lots, ref, clOrd, origClOrd);
    }

    /** Adds one command with its time in force ({@link #GTC}, {@link #IOC}) and flags ({@link #FLAG_REINSERT}). */
    public void append(final byte kindValue, final byte sideValue, final byte tif, final byte flagsValue,
        final int userValue, final int bookValue, final long price, final long lots, final long ref, final long clOrd,
        final long origClOrd)
    {
        final int i = size++;
        kind[i] = kindValue;
        side[i] = sideValue;
        timeInForce[i] = tif;
        flags[i] = flagsValue;
        reinserts += (flagsValue & FLAG_REINSERT) != 0 ? 1 : 0;
        user[i] = userValue;
        book[i] = bookValue;
        priceTicks[i] = price;
        quantityLots[i] = lots;
        orderRef[i] = ref;
        clOrdNum[i] = clOrd;
        origClOrdNum[i] = origClOrd;
    }

    /**
     * Marks the end of the prefill, warm-up and throughput segments at the current size; the rest is the latency
     * segment.
     */
    public void markPrefillEnd()
    {
        prefillEnd = size;
    }

    public void markWarmupEnd()
    {
        warmupEnd = size;
    }

    public void markThroughputEnd()
    {
        throughputEnd = size;
    }

    public String scenarioKey()
    {
        return scenarioKey;
    }

    public int users()
    {
        return users;
    }

    public int books()
    {
        return books;
    }

    public long maxPriceTicks()
    {
        return maxPriceTicks;
    }

    public int size()
    {
        return size;
    }

    /** Messages: commands, counting a modify's cancel and reinsert once. */
    public int messages()
    {
        return size - reinserts;
    }

    public int prefillEnd()
    {
        return prefillEnd;
    }

    public int warmupEnd()
    {
        return warmupEnd;
    }

    public int throughputEnd()
    {
        return throughputEnd;
    }

    public byte kind(final int i)
    {
        return kind[i];
    }

    public byte side(final int i)
    {
        return side[i];
    }

    public byte timeInForce(final int i)
    {
        return timeInForce[i];
    }

    /** Whether command {@code i} is the insert half of a modify ({@link #FLAG_REINSERT}). */
    public boolean isReinsert(final int i)
    {
        return (flags[i] & FLAG_REINSERT) != 0;
    }

    public int user(final int i)
    {
        return user[i];
    }

    public int book(final int i)
    {
        return book[i];
    }

    public long priceTicks(final int i)
    {
        return priceTicks[i];
    }

    public long quantityLots(final int i)
    {
        return quantityLots[i];
    }

    public long orderRef(final int i)
    {
        return orderRef[i];
    }

    public long clOrdNum(final int i)
    {
        return clOrdNum[i];
    }

    public long origClOrdNum(final int i)
    {
        return origClOrdNum[i];
    }

    /** Writes the flow to {@code file} (replacing it). */
    public void write(final Path file) throws IOException
    {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING))
        {
            final ByteBuffer header = ByteBuffer.allocate(HEADER_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
            header.putInt(MAGIC).putInt(VERSION).putInt(users).putInt(books).putLong(maxPriceTicks)
                .putInt(prefillEnd).putInt(warmupEnd).putInt(throughputEnd).putInt(size);
            final byte[] key = scenarioKey.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            header.put((byte)key.length).put(key);
            header.clear();
            writeFully(channel, header);
            final ByteBuffer records = ByteBuffer.allocate(RECORD_LENGTH * 4096).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < size; i++)
            {
                records.put(kind[i]).put(side[i]).put(timeInForce[i]).put(flags[i]).putInt(user[i]).putInt(book[i])
                    .putLong(priceTicks[i]).putLong(quantityLots[i]).putLong(orderRef[i]).putLong(clOrdNum[i])
                    .putLong(origClOrdNum[i]);
                if (!records.hasRemaining())
                {
                    records.flip();
                    writeFully(channel, records);
                    records.clear();
                }
            }
            records.flip();
            writeFully(channel, records);
        }
    }

    /**
     * Reads a flow written by {@link #write}; refuses a file of another format or a truncated one, naming the problem.
     */
    public static OrderFlow read(final Path file) throws IOException
    {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ))
        {
            final ByteBuffer header = ByteBuffer.allocate(HEADER_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
            readFully(channel, header, file);
            header.flip();
            if (header.getInt() != MAGIC || header.getInt() != VERSION)
            {
                throw new IOException(file + ": not an order-flow file of version " + VERSION);
            }
            final int users = header.getInt();
            final int books = header.getInt();
            final long maxPrice = header.getLong();
            final int prefill = header.getInt();
            final int warmup = header.getInt();
            final int throughput = header.getInt();
            final int count = header.getInt();
            final byte[] key = new byte[header.get()];
            header.get(key);
            if (channel.size() != HEADER_LENGTH + (long)count * RECORD_LENGTH)
            {
                throw new IOException(file + ": expected " + count + " records of " + RECORD_LENGTH
                    + " bytes, file has " + channel.size() + " bytes");
            }
            final OrderFlow flow =
                new OrderFlow(new String(key, java.nio.charset.StandardCharsets.US_ASCII), users, books, maxPrice,
                count);
            final ByteBuffer records = ByteBuffer.allocate(RECORD_LENGTH * 4096).order(ByteOrder.LITTLE_ENDIAN);
            while (flow.size < count)
            {
                records.clear().limit(Math.min(records.capacity(), (count - flow.size) * RECORD_LENGTH));
                readFully(channel, records, file);
                records.flip();
                while (records.hasRemaining())
                {
                    final byte k = records.get();
                    final byte s = records.get();
                    final byte tif = records.get();
                    final byte f = records.get();
                    flow.append(k, s, tif, f, records.getInt(), records.getInt(), records.getLong(), records.getLong(),
                        records.getLong(), records.getLong(), records.getLong());
                }
            }
            flow.prefillEnd = prefill;
            flow.warmupEnd = warmup;
            flow.throughputEnd = throughput;
            return flow;
        }
    }

    private static void writeFully(final FileChannel channel, final ByteBuffer buffer) throws IOException
    {
        while (buffer.hasRemaining())
        {
            channel.write(buffer);
        }
    }

    private static void readFully(final FileChannel channel, final ByteBuffer buffer,
        final Path file) throws IOException
    {
        while (buffer.hasRemaining())
        {
            if (channel.read(buffer) < 0)
            {
                throw new IOException(file + ": truncated order-flow file");
            }
        }
    }
}
