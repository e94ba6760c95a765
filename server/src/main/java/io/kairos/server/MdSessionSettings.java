package io.kairos.server;

/**
 * One market-data session from {@code md.sessions}. Immutable.
 *
 * @param compId   the subscriber's SenderCompID
 * @param password Password (554) expected on Logon
 */
public record MdSessionSettings(String compId, String password)
{
    @Override
    public String toString()
    {
        return "MdSessionSettings[compId=" + compId + "]";
    }
}
