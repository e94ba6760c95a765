package io.kairos.cluster;

import java.io.IOException;

import io.aeron.ExclusivePublication;
import io.aeron.Image;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.MatcherSnapshot;
import io.kairos.engine.MatchingCore;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.collections.Long2LongHashMap;
import org.agrona.concurrent.IdleStrategy;

/**
 * The state of a {@link MatchingService} in a cluster snapshot: {@code [0] int magic, [4] int version, [8] long
 * command index, [16] int gateway instances, then (long instance, long last sequence) each, then int partitions, then
 * (int partition, int length, the matcher's {@link MatcherSnapshot} bytes) each}, written through
 * {@link SnapshotChunks}. Stateless; allocates (snapshots are rare); on the service thread.
 */
final class ServiceSnapshot
{
    private static final int MAGIC = 0x4B434C53; // "KCLS"
    private static final int VERSION = 1;

    private ServiceSnapshot()
    {
    }

    static void write(
        final ExclusivePublication publication, final IdleStrategy idle, final long commandIndex,
        final Long2LongHashMap lastSequenceByInstance, final MatchingCore[] cores)
    {
        final ExpandableDirectByteBuffer state = new ExpandableDirectByteBuffer(1 << 16);
        state.putInt(0, MAGIC);
        state.putInt(4, VERSION);
        state.putLong(8, commandIndex);
        state.putInt(16, lastSequenceByInstance.size());
        int position = 20;
        final Long2LongHashMap.EntryIterator entries = lastSequenceByInstance.entrySet().iterator();
        while (entries.hasNext())
        {
            entries.next();
            state.putLong(position, entries.getLongKey());
            state.putLong(position + 8, entries.getLongValue());
            position += 16;
        }
        final int countAt = position;
        int partitions = 0;
        position += 4;
        for (int p = 0; p < cores.length; p++)
        {
            if (cores[p] != null)
            {
                final byte[] image = new MatcherSnapshot(p).capture(cores[p], commandIndex);
                state.putInt(position, p);
                state.putInt(position + 4, image.length);
                state.putBytes(position + 8, image);
                position += 8 + image.length;
                partitions++;
            }
        }
        state.putInt(countAt, partitions);
        SnapshotChunks.write(publication, state, position, idle);
    }

    /** Loads into {@code lastSequenceByInstance} and the empty {@code cores}. @return the command index */
    static long read(
        final Image image, final IdleStrategy idle, final Long2LongHashMap lastSequenceByInstance,
        final MatchingCore[] cores)
    {
        final DirectBuffer state = SnapshotChunks.read(image, idle);
        if (state.getInt(0) != MAGIC || state.getInt(4) != VERSION)
        {
            throw new IllegalStateException("cluster snapshot is not a Kairos matcher snapshot of version " + VERSION);
        }
        final long commandIndex = state.getLong(8);
        final int instances = state.getInt(16);
        int position = 20;
        for (int i = 0; i < instances; i++)
        {
            lastSequenceByInstance.put(state.getLong(position), state.getLong(position + 8));
            position += 16;
        }
        final int partitions = state.getInt(position);
        position += 4;
        for (int i = 0; i < partitions; i++)
        {
            final int p = state.getInt(position);
            final byte[] bytes = new byte[state.getInt(position + 4)];
            state.getBytes(position + 8, bytes);
            position += 8 + bytes.length;
            if (p < 0 || p >= cores.length || cores[p] == null)
            {
                throw new IllegalStateException("cluster snapshot holds partition " + p +
                    ", which this member does not host (" + EngineConfig.HOSTED_PARTITIONS_PROP_NAME + " changed?)");
            }
            try
            {
                new MatcherSnapshot(p).restore(bytes, cores[p]);
            }
            catch (final IOException ex)
            {
                throw new IllegalStateException("cluster snapshot of partition " + p + " is unreadable: " + ex, ex);
            }
        }
        return commandIndex;
    }
}
