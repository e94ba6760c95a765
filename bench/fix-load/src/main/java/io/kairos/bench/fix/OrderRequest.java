package io.kairos.bench.fix;

/**
 * The next request the {@link OrderModel} chose, as a reusable flyweight filled in place. Owned by the sender thread.
 */
public final class OrderRequest
{
    public static final int INSERT = 0;
    public static final int CANCEL = 1;
    public static final int REPLACE = 2;

    public static final char BUY = '1';
    public static final char SELL = '2';
    public static final char MARKET = '1';
    public static final char LIMIT = '2';

    /** {@link #INSERT}, {@link #CANCEL} or {@link #REPLACE}. */
    int action;
    int instrumentIndex;
    char side;
    char ordType;
    long priceMicros;
    long quantity;
    /** For cancel/replace: the request index of the resting order it targets. */
    int targetRequest;

    public int action()
    {
        return action;
    }

    public int instrumentIndex()
    {
        return instrumentIndex;
    }

    public char side()
    {
        return side;
    }

    public char ordType()
    {
        return ordType;
    }

    public long priceMicros()
    {
        return priceMicros;
    }

    public long quantity()
    {
        return quantity;
    }

    public int targetRequest()
    {
        return targetRequest;
    }
}
