package io.kairos.engine;

/**
 * Orders by (session, ClOrdID), for the live orders and the retained finished ones: duplicate-ClOrdID checks, status
 * requests and cancels by OrigClOrdID. An open-addressed table with linear probing of one {@code long} per slot:
 *
 * <pre>
 *   63                     32 31                      0
 *  +-------------------------+-------------------------+
 *  | fingerprint (never 0)   | handle: the order's     |     0 = empty slot
 *  | = high word of mix(key) | sequence number mod 2^32|
 *  +-------------------------+-------------------------+
 * </pre>
 *
 * Why not a map from the 64-bit key to the OrderID: that takes 16 bytes a slot, and the 100,000 retained orders made
 * Agrona's {@code Long2LongHashMap} a 4 MB table hit at random — a cache miss on every new order (the duplicate
 * check) and on every retention eviction (the removal and its chain compaction), about half of the matcher's samples
 * (bench/README.md, "What each change gained"). Here a slot is 8 bytes, so the same entries take 2 MB.
 *
 * <p>The fingerprint is a filter, never the answer: an entry whose fingerprint matches is confirmed by resolving its
 * handle through {@link OrderIdIndex} and comparing the order's key, session and ClOrdID. A fingerprint shared by two
 * keys costs a lookup, never a wrong answer. A handle that no longer resolves (its order gone) matches nothing. The
 * handle is the sequence mod 2^32; it resolves to the newest sequence with those low bits that this index has seen,
 * then to each one 2^32 older — so an order that rests while more than 2^32 newer ones arrive is still found.
 *
 * <p>A key's home slot is the top bits of its fingerprint, so an entry's home is known from the entry alone: removal
 * shifts the entries behind it back (no tombstones, chains stay as short as the load makes them) and growing rehashes
 * without the keys.
 *
 * <p>Owned by the matcher thread. Allocation-free unless more orders are indexed than it was sized for (it then
 * doubles, which allocates).
 */
final class ClOrdIdIndex
{
    /** Indexed entries per slot before the table doubles: linear probing stays at a few slots a lookup below it. */
    static final float MAX_LOAD = 0.6f;
    private static final long HANDLE_MASK = 0xFFFF_FFFFL;
    private static final long SEQUENCE_WRAP = 1L << 32;
    private static final int MAX_SLOT_BITS = 30;
    /** Evicted orders' entries removed together: their probes are independent, so their cache misses overlap. */
    static final int REMOVAL_BATCH = 16;

    private final OrderIdIndex ordersById;
    private final int partition;
    private long[] slots;
    private int slotBits;
    private int mask;
    private int size;
    private int resizeAt;
    /** The highest sequence indexed so far: handles resolve relative to it. */
    private long newestSequence;
    private final long[] pendingRemovals = new long[REMOVAL_BATCH];
    private int pending;

    /**
     * @param capacity   slots, rounded up to a power of two; holds {@code capacity * MAX_LOAD} orders before growing.
     * @param ordersById where handles resolve to orders.
     * @param partition  the partition of the ids of the orders indexed here.
     */
    ClOrdIdIndex(final int capacity, final OrderIdIndex ordersById, final int partition)
    {
        this.ordersById = ordersById;
        this.partition = partition;
        allocate(Long.SIZE - Long.numberOfLeadingZeros(Math.max(4, capacity) - 1L));
    }

    /**
     * The indexed order of {@code sessionId} with this ClOrdID, or null.
     *
     * @param key {@code clOrdId.hash64(sessionId)}, as {@link Order#clOrdKey} holds it.
     */
    Order find(final int sessionId, final AsciiId clOrdId, final long key)
    {
        final long[] slots = this.slots;
        final long fingerprint = fingerprint(key);
        int i = home(fingerprint);
        long slot;
        while ((slot = slots[i]) != 0)
        {
            if ((slot & ~HANDLE_MASK) == fingerprint)
            {
                final Order order = resolve((int)slot, sessionId, clOrdId, key);
                if (order != null)
                {
                    return order;
                }
            }
            i = (i + 1) & mask;
        }
        return null;
    }

    /** Indexes {@code order} under its {@link Order#clOrdKey} (set) and its id. */
    void add(final Order order)
    {
        if (size >= resizeAt)
        {
            grow();
        }
        final long sequence = order.orderId >>> MatchingCore.ID_PARTITION_BITS;
        newestSequence = Math.max(newestSequence, sequence);
        insert(fingerprint(order.clOrdKey) | (sequence & HANDLE_MASK));
        size++;
    }

    /** Removes the entry of {@code order} (its key and id); nothing when it has none. */
    void remove(final Order order)
    {
        removeEntry(entry(order));
    }

    /**
     * Removes the entry of an order that {@link OrderIdIndex} no longer holds (a retained order pushed out of the
     * window), in a batch of {@link #REMOVAL_BATCH}: each removal is a cache miss at a random slot that nothing
     * waits for, and a batch's misses overlap. Until its batch runs the entry stays, matching nothing: its handle
     * no longer resolves.
     */
    void removeUnresolvable(final Order order)
    {
        pendingRemovals[pending++] = entry(order);
        if (pending == REMOVAL_BATCH)
        {
            for (int i = 0; i < REMOVAL_BATCH; i++)
            {
                removeEntry(pendingRemovals[i]);
            }
            pending = 0;
        }
    }

    private static long entry(final Order order)
    {
        return fingerprint(order.clOrdKey) | ((order.orderId >>> MatchingCore.ID_PARTITION_BITS) & HANDLE_MASK);
    }

    private void removeEntry(final long entry)
    {
        final long[] slots = this.slots;
        int i = home(entry);
        long slot;
        while ((slot = slots[i]) != 0)
        {
            if (slot == entry)
            {
                deleteAt(i);
                size--;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /** Entries in the table, those of a pending removal batch included. */
    int size()
    {
        return size;
    }

    int capacity()
    {
        return slots.length;
    }

    /** The key's fingerprint, in the high word (the entry without its handle); package-private for tests. */
    static long fingerprint(final long key)
    {
        long z = key;
        z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
        z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return (z | SEQUENCE_WRAP) & ~HANDLE_MASK; // the fingerprint's lowest bit set: no entry is 0
    }

    /** The home slot of an entry or fingerprint: its top {@link #slotBits} bits. */
    int home(final long entry)
    {
        return (int)(entry >>> (64 - slotBits));
    }

    private Order resolve(final int handle, final int sessionId, final AsciiId clOrdId, final long key)
    {
        long sequence = (newestSequence & ~HANDLE_MASK) | (handle & HANDLE_MASK);
        if (sequence > newestSequence)
        {
            sequence -= SEQUENCE_WRAP;
        }
        for (; sequence > 0; sequence -= SEQUENCE_WRAP)
        {
            final Order order = ordersById.get(sequence << MatchingCore.ID_PARTITION_BITS | partition);
            if (order != null && order.clOrdKey == key && order.sessionId == sessionId
                && order.clOrdId.contentEquals(clOrdId))
            {
                return order;
            }
        }
        return null;
    }

    private void insert(final long entry)
    {
        final long[] slots = this.slots;
        int i = home(entry);
        while (slots[i] != 0)
        {
            i = (i + 1) & mask;
        }
        slots[i] = entry;
    }

    /** Empties slot {@code hole}, moving back each later entry of the run that may not sit beyond the hole. */
    private void deleteAt(final int hole)
    {
        final long[] slots = this.slots;
        int free = hole;
        for (int i = (hole + 1) & mask; slots[i] != 0; i = (i + 1) & mask)
        {
            final long slot = slots[i];
            final int home = home(slot);
            // the entry at i may move to the free slot unless its home lies cyclically in (free, i]
            final boolean stays = free <= i ? free < home && home <= i : free < home || home <= i;
            if (!stays)
            {
                slots[free] = slot;
                free = i;
            }
        }
        slots[free] = 0;
    }

    /** Allocates: doubles the table and re-inserts every entry (homes come from the entries themselves). */
    private void grow()
    {
        if (slotBits >= MAX_SLOT_BITS)
        {
            throw new IllegalStateException("ClOrdID index full: " + size + " orders");
        }
        final long[] old = slots;
        allocate(slotBits + 1);
        for (final long entry : old)
        {
            if (entry != 0)
            {
                insert(entry);
            }
        }
    }

    private void allocate(final int bits)
    {
        slotBits = bits;
        slots = new long[1 << bits];
        mask = slots.length - 1;
        resizeAt = (int)(slots.length * MAX_LOAD);
    }
}
