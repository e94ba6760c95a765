package io.kairos.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;
import quickfix.Message;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.field.MsgType;

class InitiatorSettingsTest
{
    private static final SessionID CLIENT01 = new SessionID("FIX.4.4", "CLIENT01", "KAIROS");

    @Test
    void shouldConnectToTheLoopbackPortWithoutScheduleEveryThirtySecondsHeartbeatReconnectingEverySecond()
        throws Exception
    {
        final SessionSettings settings = InitiatorSettings.loopback(9880);
        assertEquals("initiator", settings.getString("ConnectionType"));
        assertEquals("127.0.0.1", settings.getString("SocketConnectHost"));
        assertEquals(9880, settings.getLong("SocketConnectPort"));
        assertEquals("00:00:00", settings.getString("StartTime"));
        assertEquals("00:00:00", settings.getString("EndTime"));
        assertEquals(30, settings.getLong("HeartBtInt"));
        assertEquals(1, settings.getLong("ReconnectInterval"));
        assertEquals("NANOS", settings.getString("TimeStampPrecision"));
    }

    @Test
    void shouldResetSequenceNumbersOnEachLogonAndKeepNothingForALoadClient() throws Exception
    {
        final SessionSettings settings = InitiatorSettings.resetEachLogon(InitiatorSettings.loopback(9880));
        assertEquals("Y", settings.getString("ResetOnLogon"));
        assertEquals("N", settings.getString("PersistMessages"));
        assertEquals("N", settings.getString("CheckLatency"));
        assertEquals("Y", settings.getString("SocketTcpNoDelay"));
    }

    @Test
    void shouldAddASessionWithItsCompIdsAndInheritTheDefaults() throws Exception
    {
        final SessionSettings settings = InitiatorSettings.loopback(9880);
        assertEquals(CLIENT01, InitiatorSettings.addSession(settings, CLIENT01));
        assertEquals("FIX.4.4", settings.getString(CLIENT01, "BeginString"));
        assertEquals("CLIENT01", settings.getString(CLIENT01, "SenderCompID"));
        assertEquals("KAIROS", settings.getString(CLIENT01, "TargetCompID"));
        assertEquals(9880, settings.getLong(CLIENT01, "SocketConnectPort"));
    }

    @Test
    void shouldPutUsernameAndPasswordOnALogonOnly() throws Exception
    {
        final Message logon = new Message();
        logon.getHeader().setString(MsgType.FIELD, MsgType.LOGON);
        InitiatorSettings.addCredentials(logon, CLIENT01, "client01pass");
        assertEquals("CLIENT01", logon.getString(553));
        assertEquals("client01pass", logon.getString(554));

        final Message heartbeat = new Message();
        heartbeat.getHeader().setString(MsgType.FIELD, MsgType.HEARTBEAT);
        InitiatorSettings.addCredentials(heartbeat, CLIENT01, "client01pass");
        assertFalse(heartbeat.isSetField(554));
        InitiatorSettings.addCredentials(new Message(), CLIENT01, "client01pass");
    }
}
