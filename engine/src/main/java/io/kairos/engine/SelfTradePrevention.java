package io.kairos.engine;

/** What the matcher does when an order would trade against an order of the same session. Immutable. */
public enum SelfTradePrevention
{
    /** Self trades are allowed. */
    OFF,
    /** The incoming order's remaining quantity is cancelled; the resting order stays. */
    CANCEL_AGGRESSOR,
    /** The resting order is cancelled and matching continues. */
    CANCEL_RESTING
}
