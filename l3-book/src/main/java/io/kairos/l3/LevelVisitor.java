package io.kairos.l3;

/** Receives price levels during an L2 snapshot iteration, best first; called on the iterating thread. */
@FunctionalInterface
public interface LevelVisitor
{
    /**
     * @param depth      0 for the best level of the side
     * @param orderCount number of orders resting at the level
     */
    void onLevel(int instrumentId, int side, int depth, long price, long quantity, int orderCount);
}
