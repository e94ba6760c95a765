package io.kairos.cluster;

import io.kairos.engine.CommandCodec;

/**
 * The messages between the gateways' {@link ClusterEngine} and the members' {@link MatchingService}: byte offsets of
 * each layout (Agrona's default, little-endian byte order). Every message starts with its type byte.
 *
 * <p>Ingress (gateway to cluster):
 * <ul>
 *   <li>{@link #COMMAND}: {@code [0] type, [8] long gateway instance, [16] long gateway sequence, [24] the command
 *   (CommandCodec)}. The instance is chosen by the gateway process at start; the sequence counts its commands from
 *   1. The service applies a command only once per (instance, sequence): a gateway resends what a leader change
 *   may have lost, and the duplicates are dropped.</li>
 *   <li>{@link #RESUME}: {@code [0] type, [1] flags, [8] long after}: send me every command's events after command
 *   index {@code after} that you still keep, then live events. The answer: {@link #RESUMED}, the kept
 *   {@link #EVENTS} after {@code after}, with {@link #FLAG_RECOVERY} (a gateway's start) the resting orders as
 *   {@link #BOOKS}, then {@link #CAUGHT_UP}; live events follow.</li>
 * </ul>
 * Egress (cluster to gateway):
 * <ul>
 *   <li>{@link #EVENTS}: {@code [0] type, [4] int partition (or -1: every hosted one), [8] long command index,
 *   [16] long gateway instance, [24] long gateway sequence, [32] int event count, [36] events}: everything one
 *   command caused, in one message, so that a gateway delivers a command's events whole or not at all. Each event
 *   is a kind byte ({@link #EXECUTION_EVENT}, {@link #BOOK_EVENT}) then its EventCodec encoding.</li>
 *   <li>{@link #BOOKS}: the same layout with command index = the last one; book events marked recovered.</li>
 *   <li>{@link #RESUMED}: {@code [0] type, [8] long last command index, [16] long first kept command index}: what
 *   the replay that follows covers (a gateway further behind than the first kept has lost the commands between).</li>
 *   <li>{@link #CAUGHT_UP}: {@code [0] type, [8] long last command index}: the replay is over.</li>
 * </ul>
 */
final class ClusterProtocol
{
    static final int TYPE_OFFSET = 0;

    static final byte COMMAND = 1;
    static final byte RESUME = 2;

    static final int COMMAND_INSTANCE_OFFSET = 8;
    static final int COMMAND_SEQUENCE_OFFSET = 16;
    static final int COMMAND_PAYLOAD_OFFSET = 24;
    static final int MAX_COMMAND_LENGTH = COMMAND_PAYLOAD_OFFSET + CommandCodec.MAX_LENGTH;

    static final int RESUME_FLAGS_OFFSET = 1;
    static final int RESUME_AFTER_OFFSET = 8;
    static final int RESUME_LENGTH = 16;
    static final byte FLAG_RECOVERY = 1;

    static final byte EVENTS = 1;
    static final byte BOOKS = 2;
    static final byte RESUMED = 3;
    static final byte CAUGHT_UP = 4;

    static final int EVENTS_PARTITION_OFFSET = 4;
    static final int EVENTS_INDEX_OFFSET = 8;
    static final int EVENTS_INSTANCE_OFFSET = 16;
    static final int EVENTS_SEQUENCE_OFFSET = 24;
    static final int EVENTS_COUNT_OFFSET = 32;
    static final int EVENTS_HEADER_LENGTH = 36;
    static final int ALL_PARTITIONS = -1;

    static final byte EXECUTION_EVENT = 1;
    static final byte BOOK_EVENT = 2;

    static final int RESUMED_LAST_INDEX_OFFSET = 8;
    static final int RESUMED_FIRST_KEPT_OFFSET = 16;
    static final int RESUMED_LENGTH = 24;

    private ClusterProtocol()
    {
    }
}
