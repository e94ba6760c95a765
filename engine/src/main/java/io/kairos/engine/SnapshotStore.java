package io.kairos.engine;

import static io.kairos.engine.SnapshotDescriptor.*;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import java.util.zip.CheckedOutputStream;

/**
 * Writes and reads a partition's matcher snapshots (layout in {@link SnapshotDescriptor}). Writing is two steps:
 * {@link #capture} serializes the matcher's state into this store's reusable in-memory image, on the matcher thread
 * between commands (a periodic pause sized by the number of resting orders; it allocates only when the image
 * grows), and {@link #persist} writes that image to its file, forces it and publishes it — file work that compact
 * threading leaves to the housekeeping thread ({@link SnapshotWriter}); {@link #write} does both on the caller's
 * thread. One capture at a time: the caller hands the image over between the two steps (a happens-before edge).
 * Reading runs at start-up.
 */
final class SnapshotStore
{
    private static final Side[] SIDES = Side.values();
    private static final OrderType[] TYPES = OrderType.values();
    private static final TimeInForce[] TIFS = TimeInForce.values();
    private static final OrdStatus[] STATUSES = OrdStatus.values();
    /** The book flags byte (version 4). */
    private static final int CLOSED = 1;
    private static final int HALTED = 2;

    private final Path dir;
    private final int partition;
    /** The captured state: the file's bytes but the trailing CRC, reused from one snapshot to the next. */
    private final ByteArrayOutputStream image = new ByteArrayOutputStream(1 << 16);
    private final CRC32C imageCrc = new CRC32C();
    private final DataOutputStream imageOut = new DataOutputStream(new CheckedOutputStream(image, imageCrc));
    private long imageIndex = -1;
    private final byte[] idBytes = new byte[AsciiId.MAX_LENGTH];
    /**
     * The order record being read: the restore API's carrier (a snapshot record is an order's state, so an
     * {@link Order} is its type), reused for every record; the matcher copies it into its own pooled order.
     */
    private final Order restored = new Order();
    /** Version of the snapshot being read (readers run on the thread that restores). */
    private int readingVersion;

    SnapshotStore(final Path dir, final int partition)
    {
        this.dir = dir;
        this.partition = partition;
        try
        {
            Files.createDirectories(dir);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot create snapshot directory " + dir, ex);
        }
    }

    /** A store without files, for {@link MatcherSnapshot}: capture to and read from bytes only. */
    SnapshotStore(final int partition)
    {
        this.dir = null;
        this.partition = partition;
    }

    /** The last capture as a snapshot file's bytes (image and CRC trailer). */
    byte[] captured()
    {
        final byte[] bytes = java.util.Arrays.copyOf(image.toByteArray(), image.size() + Integer.BYTES);
        java.nio.ByteBuffer.wrap(bytes, image.size(), Integer.BYTES).putInt((int)imageCrc.getValue());
        return bytes;
    }

    /**
     * Writes the matcher's state as of {@code commandIndex} and keeps the newest {@link SnapshotDescriptor#RETAINED}.
     */
    void write(final MatchingCore matcher, final long commandIndex)
    {
        capture(matcher, commandIndex);
        persist();
    }

    /** Serializes the matcher's state as of {@code commandIndex} into the image (matcher thread). */
    void capture(final MatchingCore matcher, final long commandIndex)
    {
        image.reset();
        imageCrc.reset();
        try
        {
            writeState(imageOut, matcher, commandIndex);
            imageOut.flush();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot capture snapshot " + commandIndex, ex); // in memory: never
        }
        imageIndex = commandIndex;
    }

    /** The command index of the last capture; -1 before the first. */
    long capturedIndex()
    {
        return imageIndex;
    }

    /**
     * Writes the last capture to its file, forces it, publishes it under its final name and keeps the newest
     * {@link SnapshotDescriptor#RETAINED}.
     */
    void persist()
    {
        final long commandIndex = imageIndex;
        final Path target = dir.resolve(fileName(commandIndex));
        final Path temp = dir.resolve(fileName(commandIndex) + ".tmp");
        try (FileOutputStream file = new FileOutputStream(temp.toFile()))
        {
            image.writeTo(file);
            final DataOutputStream trailer = new DataOutputStream(file);
            trailer.writeInt((int)imageCrc.getValue());
            trailer.flush();
            file.getFD().sync();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write snapshot " + temp, ex);
        }
        try
        {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            try (FileChannel dirChannel = FileChannel.open(dir, StandardOpenOption.READ))
            {
                dirChannel.force(true);
            }
            final List<Path> all = list();
            for (int i = 0; i < all.size() - RETAINED; i++)
            {
                Files.deleteIfExists(all.get(i));
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot publish snapshot " + target, ex);
        }
    }

    /** Snapshot files, oldest first. */
    List<Path> list()
    {
        try (Stream<Path> files = Files.list(dir))
        {
            final List<Path> result = new ArrayList<>();
            files.filter(p -> indexOf(p.getFileName().toString()) >= 0)
                .sorted(Comparator.comparingLong(p -> indexOf(p.getFileName().toString())))
                .forEach(result::add);
            return result;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot list snapshot directory " + dir, ex);
        }
    }

    /**
     * Loads the snapshot into an empty matcher. @return the command index it covers.
     * @throws IOException when the file is corrupt (the caller then tries an older one with a fresh matcher)
     */
    long read(final Path file, final MatchingCore matcher) throws IOException
    {
        return read(Files.readAllBytes(file), file.getFileName().toString(), matcher);
    }

    /** Loads a snapshot file's {@code bytes} (named {@code name} in messages) into an empty matcher. */
    long read(final byte[] bytes, final String name, final MatchingCore matcher) throws IOException
    {
        final CRC32C crc = new CRC32C();
        if (bytes.length < Integer.BYTES)
        {
            throw new IOException("snapshot " + name + " is truncated");
        }
        crc.update(bytes, 0, bytes.length - Integer.BYTES);
        final int stored = java.nio.ByteBuffer.wrap(bytes, bytes.length - Integer.BYTES, Integer.BYTES).getInt();
        if (stored != (int)crc.getValue())
        {
            throw new IOException("snapshot " + name + " fails its CRC");
        }
        try (DataInputStream in =
            new DataInputStream(new java.io.ByteArrayInputStream(bytes, 0, bytes.length - Integer.BYTES)))
        {
            final long index = readState(in, matcher);
            if (in.read() != -1)
            {
                throw new IOException("snapshot " + name + " has trailing bytes");
            }
            return index;
        }
    }

    private void writeState(final DataOutputStream out, final MatchingCore matcher, final long commandIndex)
        throws IOException
    {
        out.writeLong(MAGIC);
        out.writeInt(VERSION);
        out.writeInt(partition);
        out.writeLong(commandIndex);
        out.writeLong(matcher.orderSequence);
        out.writeLong(matcher.execSequence);
        int bookCount = 0;
        for (final OrderBook book : matcher.books)
        {
            bookCount += book == null ? 0 : 1;
        }
        out.writeInt(bookCount);
        for (final OrderBook book : matcher.books)
        {
            if (book != null)
            {
                out.writeInt(book.instrument.id());
                out.writeLong(book.bookSequence);
                out.writeByte((book.closed ? CLOSED : 0) | (book.halted ? HALTED : 0));
                out.writeInt(book.tradingDate);
                out.writeInt(countOrders(book.bids) + countOrders(book.asks));
                writeOrders(out, book.bids);
                writeOrders(out, book.asks);
            }
        }
        int sessions = 0;
        for (final Order head : matcher.sessionHeads)
        {
            sessions += head == null ? 0 : 1;
        }
        out.writeInt(sessions);
        for (int session = 0; session < matcher.sessionHeads.length; session++)
        {
            final Order head = matcher.sessionHeads[session];
            if (head != null)
            {
                int count = 0;
                for (Order o = head; o != null; o = o.sessionNext)
                {
                    count++;
                }
                out.writeInt(session);
                out.writeInt(count);
                for (Order o = head; o != null; o = o.sessionNext)
                {
                    out.writeLong(o.orderId);
                }
            }
        }
        out.writeInt(matcher.finished.size());
        for (int i = 0; i < matcher.finished.size(); i++)
        {
            final Order o = matcher.finished.get(i);
            out.writeInt(o.instrumentId);
            writeOrder(out, o);
            out.writeByte(o.finalStatus.ordinal());
        }
    }

    private static int countOrders(final BookSide side)
    {
        int count = 0;
        for (int i = 0; i < side.size(); i++)
        {
            count += side.level(i).orderCount;
        }
        return count;
    }

    private void writeOrders(final DataOutputStream out, final BookSide side) throws IOException
    {
        for (int i = 0; i < side.size(); i++)
        {
            for (Order o = side.level(i).head; o != null; o = o.next)
            {
                writeOrder(out, o);
            }
        }
    }

    /** One order's record (its state fields; the instrument, final status and links are the caller's). */
    void writeOrder(final DataOutputStream out, final Order o) throws IOException
    {
        out.writeLong(o.orderId);
        out.writeInt(o.sessionId);
        out.writeByte(o.side.ordinal());
        out.writeByte(o.orderType.ordinal());
        out.writeByte(o.timeInForce.ordinal());
        out.writeByte(o.clOrdId.length());
        out.writeLong(o.price);
        out.writeLong(o.orderQty);
        out.writeLong(o.cumQty);
        out.writeLong(o.leavesQty);
        out.writeLong(o.notional);
        out.writeLong(o.notionalHigh);
        out.writeLong(o.maxFloor);
        out.writeLong(o.shownQty);
        o.clOrdId.getBytes(idBytes, 0);
        out.write(idBytes, 0, o.clOrdId.length());
    }

    private long readState(final DataInputStream in, final MatchingCore matcher) throws IOException
    {
        final long magic = in.readLong();
        readingVersion = in.readInt();
        if (magic != MAGIC || (readingVersion != VERSION
            && readingVersion != SnapshotDescriptor.VERSION_WITHOUT_ICEBERGS
            && readingVersion != SnapshotDescriptor.VERSION_WITHOUT_NOTIONAL_HIGH))
        {
            throw new IOException("not a Kairos snapshot (bad magic or version)");
        }
        final int storedPartition = in.readInt();
        if (storedPartition != partition)
        {
            throw new IOException("snapshot belongs to partition " + storedPartition + ", not " + partition);
        }
        final long index = in.readLong();
        matcher.orderSequence = in.readLong();
        matcher.execSequence = in.readLong();
        final int bookCount = in.readInt();
        for (int b = 0; b < bookCount; b++)
        {
            final int instrumentId = in.readInt();
            final OrderBook book = instrumentId >= 0 && instrumentId < matcher.books.length
                ? matcher.books[instrumentId] : null;
            if (book == null)
            {
                throw new IOException("snapshot has a book for instrument " + instrumentId
                    + " that this partition does not host");
            }
            book.bookSequence = in.readLong();
            final int flags = readingVersion == VERSION ? in.readByte() : 0;
            book.closed = (flags & CLOSED) != 0;
            book.halted = (flags & HALTED) != 0;
            book.tradingDate = readingVersion == VERSION ? in.readInt() : 0;
            final int orders = in.readInt();
            for (int i = 0; i < orders; i++)
            {
                readRestingOrder(in, matcher, book);
            }
        }
        final int sessions = in.readInt();
        for (int s = 0; s < sessions; s++)
        {
            in.readInt();
            final int count = in.readInt();
            final long[] ids = new long[count];
            for (int i = 0; i < count; i++)
            {
                ids[i] = in.readLong();
            }
            matcher.restoreSessionList(ids, count);
        }
        final int finished = in.readInt();
        for (int i = 0; i < finished; i++)
        {
            final int instrumentId = in.readInt();
            readOrder(in, restored);
            restored.instrumentId = instrumentId;
            restored.finalStatus = STATUSES[in.readByte()];
            matcher.restoreFinished(restored);
        }
        return index;
    }

    /** A resting order of {@code book}: the record {@link #writeOrder} wrote. */
    private void readRestingOrder(final DataInputStream in, final MatchingCore matcher, final OrderBook book)
        throws IOException
    {
        readOrder(in, restored);
        restored.finalStatus = null;
        matcher.restoreResting(book, restored);
    }

    /** Reads what {@link #writeOrder} wrote into {@code into} (the fields the record has; the rest keep theirs). */
    void readOrder(final DataInputStream in, final Order into) throws IOException
    {
        into.orderId = in.readLong();
        into.sessionId = in.readInt();
        into.side = SIDES[in.readByte()];
        into.orderType = TYPES[in.readByte()];
        into.timeInForce = TIFS[in.readByte()];
        final int idLength = in.readByte() & 0xFF;
        into.price = in.readLong();
        into.orderQty = in.readLong();
        into.cumQty = in.readLong();
        into.leavesQty = in.readLong();
        into.notional = in.readLong();
        into.notionalHigh = readNotionalHigh(in);
        final boolean icebergs = readingVersion != SnapshotDescriptor.VERSION_WITHOUT_ICEBERGS
            && readingVersion != SnapshotDescriptor.VERSION_WITHOUT_NOTIONAL_HIGH;
        into.maxFloor = icebergs ? in.readLong() : 0;
        into.shownQty = icebergs ? in.readLong() : into.leavesQty;
        in.readFully(idBytes, 0, idLength);
        into.clOrdId.set(idBytes, 0, idLength);
    }

    /** The high word of the AvgPx sum; snapshots of version 2 have none (it was 0 unless it had overflowed). */
    private long readNotionalHigh(final DataInputStream in) throws IOException
    {
        return readingVersion == SnapshotDescriptor.VERSION_WITHOUT_NOTIONAL_HIGH ? 0 : in.readLong();
    }
}
