package io.kairos.fix;

/**
 * What an operator sees of one order-entry session: who it is, whether it is logged on now, from where and since
 * when. A value, replaced (never changed) by the library thread when the session connects or disconnects, read by
 * any thread.
 *
 * @param compId        the session's SenderCompID
 * @param firm          the member firm it trades for
 * @param sessionId     the engine's owner id of its orders
 * @param loggedOn      whether a connection is logged on as this session now
 * @param remoteAddress "host:port" of that connection as the gateway sees it (the TLS front end's relay for a TLS
 *                      client), empty when not logged on
 * @param sinceEpochMs  when it last logged on or off (the gateway's start when never)
 */
public record OrderEntrySessionState(String compId, String firm, int sessionId, boolean loggedOn,
    String remoteAddress, long sinceEpochMs)
{
}
