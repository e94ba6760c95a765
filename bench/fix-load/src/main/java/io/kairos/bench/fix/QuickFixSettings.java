package io.kairos.bench.fix;

import java.util.List;

import quickfix.SessionID;
import quickfix.SessionSettings;

/**
 * Builds the QuickFIX/J initiator settings of the load's sessions: in-memory store, no message log, no data
 * dictionary (the client only reads a few tags, so the venue's custom stamp tags and groups need no dictionary),
 * sequence numbers reset on logon, no session schedule. Stateless.
 */
final class QuickFixSettings
{
    private QuickFixSettings()
    {
    }

    static SessionSettings initiators(final String host, final int port, final String beginString,
        final String targetCompId, final List<String> senderCompIds)
    {
        final SessionSettings settings = new SessionSettings();
        settings.setString("ConnectionType", "initiator");
        settings.setString("SocketConnectHost", host);
        settings.setLong("SocketConnectPort", port);
        settings.setString("HeartBtInt", "30");
        settings.setString("ReconnectInterval", "1");
        settings.setString("NonStopSession", "Y");
        settings.setString("UseDataDictionary", "N");
        settings.setString("ResetOnLogon", "Y");
        settings.setString("PersistMessages", "N");
        settings.setString("CheckLatency", "N");
        settings.setString("SocketTcpNoDelay", "Y");
        settings.setString("LogonTimeout", "10");
        settings.setString("LogoutTimeout", "2");
        for (final String sender : senderCompIds)
        {
            final SessionID id = new SessionID(beginString, sender, targetCompId);
            settings.setString(id, "BeginString", beginString);
            settings.setString(id, "SenderCompID", sender);
            settings.setString(id, "TargetCompID", targetCompId);
        }
        return settings;
    }
}
