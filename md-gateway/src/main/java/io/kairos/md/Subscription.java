package io.kairos.md;

/** One session's subscription (MDReqID) to one view of one instrument. Immutable; owned by the gateway's event loop. */
record Subscription(FixSession session, String mdReqId, InstrumentFeed feed, MdView view)
{
}
