package io.kairos.server;

/**
 * One order-entry session from {@code fix.sessions}. Immutable.
 *
 * @param compId             the client's SenderCompID
 * @param password           Password (554) expected on Logon
 * @param sessionId          the engine's session id: the 1-based position in {@code fix.sessions}
 * @param cancelOnDisconnect cancel the session's resting orders when it disconnects
 */
public record FixSessionSettings(String compId, String password, int sessionId, boolean cancelOnDisconnect)
{
    @Override
    public String toString()
    {
        return "FixSessionSettings[compId=" + compId + ", sessionId=" + sessionId + ", cancelOnDisconnect=" + cancelOnDisconnect + "]";
    }
}
