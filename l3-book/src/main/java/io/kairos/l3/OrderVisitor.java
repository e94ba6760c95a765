package io.kairos.l3;

/**
 * Receives orders during an L3 snapshot iteration: best level first, FIFO within a level; called on the iterating
 * thread.
 */
@FunctionalInterface
public interface OrderVisitor
{
    /** @param depth index of the order's price level, 0 for the best */
    void onOrder(int instrumentId, int side, int depth, long price, long orderId, long quantity);
}
