package io.kairos.l3;

/**
 * The five L3 events as byte codes, for replays and tests that keep an event stream in primitive arrays (so that
 * replaying it allocates nothing), and the one place that turns such a stored event back into its
 * {@link L3EventSink} call. Stateless; {@link #apply} runs on the thread that owns the sink.
 */
public final class L3EventTypes
{
    /** {@link L3EventSink#add}. */
    public static final byte ADD = 0;
    /** {@link L3EventSink#modifyKeepPriority}. */
    public static final byte MODIFY_KEEP = 1;
    /** {@link L3EventSink#modifyLosePriority}. */
    public static final byte MODIFY_LOSE = 2;
    /** {@link L3EventSink#delete}. */
    public static final byte DELETE = 3;
    /** {@link L3EventSink#execute}; also what any other code is taken as. */
    public static final byte EXECUTE = 4;

    private L3EventTypes()
    {
    }

    /**
     * Applies one stored event: the fields its type does not use are ignored ({@code remaining} is only read by
     * {@link #EXECUTE}, which takes {@code quantity} as the executed quantity).
     *
     * @return the sink's result code: {@link L3Result#OK} or a negative {@link L3Result} code
     */
    public static int apply(final L3EventSink sink, final byte type, final int instrumentId, final long orderId,
        final int side, final long price, final long quantity, final long remaining)
    {
        switch (type)
        {
            case ADD: return sink.add(instrumentId, orderId, side, price, quantity);
            case MODIFY_KEEP: return sink.modifyKeepPriority(orderId, quantity);
            case MODIFY_LOSE: return sink.modifyLosePriority(orderId, price, quantity);
            case DELETE: return sink.delete(orderId);
            default: return sink.execute(orderId, quantity, remaining);
        }
    }
}
