package io.kairos.fix.delivery;

import java.util.Arrays;

import io.kairos.engine.ExecutionEvent;

/**
 * One session's reports that the framer took before a crash but Artio's archive never recorded: they may have reached
 * the client or died with the process (in the connection's coalescing buffer, in a send queue the kernel discarded
 * at the reset, in a client that had not read them yet), and Artio can only gap-fill them. Only the client knows: after
 * its next logon it sends a ResendRequest from the first number it lacks, or (no gap) answers the session's
 * TestRequest with a Heartbeat (see {@code SessionOutbound}). Until then the session's reports wait; then the ones it
 * had count as delivered and the others go again (PossResend=Y).
 * Known at launch ({@link AcceptedReports#settle}); usually none.
 *
 * <p>Threads: filled at launch, before the library thread starts; then owned by the library thread.
 */
public final class UncertainReports
{
    private static final int UNRESOLVED = 0;

    private int[] msgSeqNums = new int[4];
    private int[] partitions = new int[4];
    private long[] journalIndexes = new long[4];
    private long[] execIds = new long[4];
    private int size;
    /** The first MsgSeqNum the client said it lacks; {@link #UNRESOLVED} until it said. */
    private int clientLacksFrom = UNRESOLVED;

    /** Launch: a report numbered {@code msgSeqNum} may or may not have reached the client. Allocates. */
    void add(final int msgSeqNum, final int partition, final long journalIndex, final long execId)
    {
        if (size == msgSeqNums.length)
        {
            msgSeqNums = Arrays.copyOf(msgSeqNums, size * 2);
            partitions = Arrays.copyOf(partitions, size * 2);
            journalIndexes = Arrays.copyOf(journalIndexes, size * 2);
            execIds = Arrays.copyOf(execIds, size * 2);
        }
        msgSeqNums[size] = msgSeqNum;
        partitions[size] = partition;
        journalIndexes[size] = journalIndex;
        execIds[size] = execId;
        size++;
    }

    /** @return how many are still to be decided (each is decided when its report reaches the session) */
    public int size()
    {
        return size;
    }

    /** Whether the session must hear from its client before it sends anything more. */
    public boolean awaitingClient()
    {
        return size > 0 && clientLacksFrom == UNRESOLVED;
    }

    /** The client's first word after its logon: it lacks the numbers from {@code nextExpected} on. */
    public void onClientExpects(final int nextExpected)
    {
        if (awaitingClient())
        {
            clientLacksFrom = Math.max(1, nextExpected);
        }
    }

    /**
     * Once the client has said: whether it had the report of {@code event} (then it is not sent again). Forgets the
     * report either way. @return false for a report that was not uncertain, or before the client said.
     */
    boolean clientHad(final ExecutionEvent event)
    {
        if (size == 0 || clientLacksFrom == UNRESOLVED)
        {
            return false;
        }
        for (int i = 0; i < size; i++)
        {
            if (journalIndexes[i] == event.journalIndex && execIds[i] == event.execId &&
                partitions[i] == event.partition)
            {
                final boolean had = msgSeqNums[i] < clientLacksFrom;
                remove(i);
                return had;
            }
        }
        return false;
    }

    private void remove(final int index)
    {
        final int moved = size - index - 1;
        System.arraycopy(msgSeqNums, index + 1, msgSeqNums, index, moved);
        System.arraycopy(partitions, index + 1, partitions, index, moved);
        System.arraycopy(journalIndexes, index + 1, journalIndexes, index, moved);
        System.arraycopy(execIds, index + 1, execIds, index, moved);
        size--;
    }
}
