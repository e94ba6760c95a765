package io.kairos.testsupport;

import quickfix.FieldNotFound;
import quickfix.Message;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.field.MsgType;

/**
 * The QuickFIX/J initiator set-up the tests' FIX clients share: settings for a loopback venue with no session
 * schedule, a 30 s heartbeat, a reconnect every second and nanosecond timestamps (the venue's stamps are in
 * nanoseconds), a session's IDs, and the Username/Password a Kairos Logon carries. A client adds what is its own
 * (store, dictionary, validation) to the settings it gets. Stateless.
 */
public final class InitiatorSettings
{
    /** Username and Password: FIX 4.4 fields, named by number so that QuickFIX/J's core is all this needs. */
    private static final int USERNAME = 553;
    private static final int PASSWORD = 554;

    private InitiatorSettings()
    {
    }

    /** Default settings of initiators connecting to 127.0.0.1:{@code port}; add sessions with {@link #addSession}. */
    public static SessionSettings loopback(final int port)
    {
        final SessionSettings settings = new SessionSettings();
        settings.setString("ConnectionType", "initiator");
        settings.setString("SocketConnectHost", "127.0.0.1");
        settings.setLong("SocketConnectPort", port);
        settings.setString("StartTime", "00:00:00");
        settings.setString("EndTime", "00:00:00");
        settings.setString("HeartBtInt", "30");
        settings.setString("ReconnectInterval", "1");
        settings.setString("TimeStampPrecision", "NANOS");
        return settings;
    }

    /**
     * What a load client that keeps nothing across connections adds to {@link #loopback}: sequence numbers reset on
     * logon, nothing persisted for resends, no latency check of SendingTime, Nagle off.
     * @return {@code settings}
     */
    public static SessionSettings resetEachLogon(final SessionSettings settings)
    {
        settings.setString("ResetOnLogon", "Y");
        settings.setString("PersistMessages", "N");
        settings.setString("CheckLatency", "N");
        settings.setString("SocketTcpNoDelay", "Y");
        return settings;
    }

    /**
     * TLS to the venue (QuickFIX/J's {@code SocketUseSSL=Y}): trusting the CAs of {@code trustStore}, checking the
     * venue's certificate against the host connected to (its SAN must name 127.0.0.1), and presenting
     * {@code keyStore}'s certificate when the venue asks for one (null: QuickFIX/J's own demo certificate). Both stores
     * PKCS12 with {@code password}, as {@link TestCertificates} writes them. @return {@code settings}
     */
    public static SessionSettings useTls(final SessionSettings settings, final java.nio.file.Path trustStore,
        final java.nio.file.Path keyStore, final String password)
    {
        settings.setString("SocketUseSSL", "Y");
        settings.setString("SocketTrustStore", trustStore.toString());
        settings.setString("SocketTrustStorePassword", password);
        settings.setString("TrustStoreType", "PKCS12");
        settings.setString("EndpointIdentificationAlgorithm", "HTTPS");
        if (keyStore != null)
        {
            settings.setString("SocketKeyStore", keyStore.toString());
            settings.setString("SocketKeyStorePassword", password);
            settings.setString("KeyStoreType", "PKCS12");
        }
        return settings;
    }

    /** Adds the session {@code id} (its BeginString, SenderCompID and TargetCompID) to {@code settings}. */
    public static SessionID addSession(final SessionSettings settings, final SessionID id)
    {
        settings.setString(id, "BeginString", id.getBeginString());
        settings.setString(id, "SenderCompID", id.getSenderCompID());
        settings.setString(id, "TargetCompID", id.getTargetCompID());
        return id;
    }

    /**
     * For {@code Application.toAdmin}: a Logon gets Username (553) = the session's SenderCompID and Password (554),
     * the credentials Kairos checks; any other admin message is left as it is.
     */
    public static void addCredentials(final Message admin, final SessionID id, final String password)
    {
        if (isLogon(admin))
        {
            admin.setString(USERNAME, id.getSenderCompID());
            admin.setString(PASSWORD, password);
        }
    }

    private static boolean isLogon(final Message message)
    {
        try
        {
            return MsgType.LOGON.equals(message.getHeader().getString(MsgType.FIELD));
        }
        catch (final FieldNotFound noMsgType)
        {
            return false;
        }
    }
}
