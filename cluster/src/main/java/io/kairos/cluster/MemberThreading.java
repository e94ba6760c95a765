package io.kairos.cluster;

/**
 * How a member runs its media driver, archive and consensus module ({@link ConsensusNode}); the matching service
 * has a thread of its own either way (Aeron's service container runs only on its own thread).
 */
public enum MemberThreading
{
    /**
     * One thread runs the three, one after the other in each duty cycle: on a host with few cores, three polling
     * threads per member cost more in wake-ups and waits for a CPU than they gain in overlap, and a command crosses
     * from driver to archive to consensus module within one cycle instead of waking a thread per hop.
     */
    COMPACT,
    /** A thread each (the driver's shared agent, the archive's, the consensus module's): cores to spare. */
    DEDICATED
}
