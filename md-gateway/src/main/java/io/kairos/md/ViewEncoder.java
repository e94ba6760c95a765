package io.kairos.md;

import io.kairos.l3.L3Book;

/**
 * How one kind of view (L2 top-N, L2 full, L3 order-by-order) turns book updates into
 * incremental entries and the book into snapshot entries. Called on the gateway's event loop,
 * after the update has been applied to {@code book} (which may be null when the instrument never
 * had an order).
 */
interface ViewEncoder
{
    void encodeUpdate(BookUpdate update, L3Book book, EntryWriter out);

    void encodeSnapshot(L3Book book, EntryWriter out);
}
