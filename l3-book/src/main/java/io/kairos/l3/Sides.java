package io.kairos.l3;

/** Side constants of the book: bids (buy orders) and asks (sell orders). Stateless. */
public final class Sides
{
    public static final int BID = 0;
    public static final int ASK = 1;

    private Sides()
    {
    }

    public static boolean isValid(final int side)
    {
        return side == BID || side == ASK;
    }
}
