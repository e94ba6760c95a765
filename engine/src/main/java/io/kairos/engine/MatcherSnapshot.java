package io.kairos.engine;

import java.io.IOException;

/**
 * A matcher's whole state as bytes, for an engine that keeps its snapshots somewhere other than the partition's
 * snapshot directory (the replicated engine writes them into the cluster's snapshot). The bytes are a snapshot file's
 * (layout {@link SnapshotDescriptor}, CRC-checked), so both kinds are read by one reader. Owned by the matcher's
 * thread; allocates (snapshots are rare).
 */
public final class MatcherSnapshot
{
    private final SnapshotStore store;

    public MatcherSnapshot(final int partition)
    {
        store = new SnapshotStore(partition);
    }

    /** The state of {@code matcher} after command {@code commandIndex}. */
    public byte[] capture(final MatchingCore matcher, final long commandIndex)
    {
        store.capture(matcher, commandIndex);
        return store.captured();
    }

    /**
     * Loads {@code bytes} (from {@link #capture}) into a matcher that has not matched anything yet.
     * @return the command index the state is as of
     * @throws IOException when the bytes are not a valid snapshot of this partition
     */
    public long restore(final byte[] bytes, final MatchingCore matcher) throws IOException
    {
        return store.read(bytes, "image", matcher);
    }
}
