package io.kairos.engine;

/**
 * Layout of a partition snapshot file {@code snapshot-<command index, 20 digits>.snap}: the matcher
 * state after that command, big-endian (DataOutput):
 *
 * <pre>
 *   magic long "KAIROSSN" | version int | partition int | command index long
 *   order sequence long | exec sequence long
 *   book count int, then per book:
 *     instrument id int | book sequence long | flags byte (version 4 on: 1 closed, 2 halted) | trading date int
 *     (version 4 on: yyyymmdd) | order count int, then per order, bids best→worst
 *     then asks best→worst, each level in time priority:
 *       order id long | session id int | side byte | order type byte | tif byte | clOrdId length byte
 *       price long | order qty long | cum qty long | leaves qty long | notional long (low word)
 *       | notional high long (version 3 on) | max floor long | shown qty long (version 4 on) | clOrdId bytes
 *   session count int, then per session: session id int | count int | order ids long[count] (its list order)
 *   finished count int, then per retained finished order, oldest first:
 *     instrument id int | the order fields as above | final OrdStatus byte
 *   crc32c int over every byte before it
 * </pre>
 * Written to a temporary file, forced, then atomically renamed, so a visible snapshot is complete.
 */
final class SnapshotDescriptor
{
    static final long MAGIC = 0x4B4149524F53534EL;
    static final int VERSION = 4;
    /** Version 3 (still read): no trading status (every book open), max floor or shown quantity. */
    static final int VERSION_WITHOUT_ICEBERGS = 3;
    /** Version 2 (still read): no notional high word either. */
    static final int VERSION_WITHOUT_NOTIONAL_HIGH = 2;
    static final String PREFIX = "snapshot-";
    static final String SUFFIX = ".snap";
    static final int RETAINED = 2;

    private SnapshotDescriptor()
    {
    }

    static String fileName(final long commandIndex)
    {
        return String.format("%s%020d%s", PREFIX, commandIndex, SUFFIX);
    }

    static long indexOf(final String fileName)
    {
        if (!fileName.startsWith(PREFIX) || !fileName.endsWith(SUFFIX))
        {
            return -1;
        }
        try
        {
            return Long.parseLong(fileName.substring(PREFIX.length(), fileName.length() - SUFFIX.length()));
        }
        catch (final NumberFormatException ex)
        {
            return -1;
        }
    }
}
