package io.kairos.l3;

/**
 * The five L3 events as calls, each answering {@link L3Result#OK} or a negative {@link L3Result} code: what
 * {@link L3BookSet} applies, and what a reference book in the differential tests speaks too, so that one stream of
 * events is applied to either by the same code. Threading is the implementation's (for {@link L3BookSet}: one owning
 * thread).
 */
public interface L3EventSink
{
    /** Order {@code orderId} rests at the back of its level. */
    int add(int instrumentId, long orderId, int side, long price, long quantity);

    /** The order's quantity becomes {@code quantity}; it keeps its place in the level. */
    int modifyKeepPriority(long orderId, long quantity);

    /** The order now rests at {@code price} with {@code quantity}, at the back of that level (same side). */
    int modifyLosePriority(long orderId, long price, long quantity);

    /** The order leaves the book. */
    int delete(long orderId);

    /** {@code executedQuantity} of the order traded, {@code remainingQuantity} of it still rests (0: it is gone). */
    int execute(long orderId, long executedQuantity, long remainingQuantity);
}
