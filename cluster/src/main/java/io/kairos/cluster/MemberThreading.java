package io.kairos.cluster;

/**
 * How a member runs its media driver, archive and consensus module ({@link ConsensusNode}); the matching service
 * has a thread of its own either way (Aeron's service container runs only on its own thread).
 */
public enum MemberThreading
{
    /**
     * One thread runs the driver and the consensus module, one after the other in each duty cycle, and the archive
     * between them when it never forces ({@code cluster.file-sync=none}); an archive that forces keeps its own
     * thread (its forces to disk must not hold up the heartbeats). On a host with few cores, a polling thread per
     * agent costs more in wake-ups and waits for a CPU than it gains in overlap, and a command crosses from driver to
     * archive and consensus module within one cycle instead of waking a thread.
     */
    COMPACT,
    /** A thread each (the driver's shared agent, the archive's, the consensus module's): cores to spare. */
    DEDICATED
}
