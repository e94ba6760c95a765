package io.kairos.server;

import java.nio.file.Path;
import java.util.List;

import io.kairos.fix.IdleMode;

/**
 * The order-entry gateway's settings ({@code fix.*}). Immutable; validated by {@link KairosConfigLoader}.
 *
 * @param bindAddress                    address to listen on
 * @param port                           TCP port (0 = any free port)
 * @param compId                         the venue's CompID (clients' TargetCompID)
 * @param dataDir                        where sequence numbers and sent messages persist
 * @param sessions                       the accepted sessions, in configuration order
 * @param maxSessions                    most sessions logged on at once
 * @param heartbeatIntervalSeconds       HeartBtInt the venue proposes
 * @param throttleMessagesPerSecond      per-session sliding-window limit
 * @param throttleDisconnectAfterRejects consecutive throttle rejects before a disconnect
 * @param idleMode                       how the framer and library threads wait ({@code fix.idle-strategy})
 * @param maxHeartBtIntSeconds           largest HeartBtInt a Logon may ask for ({@code fix.max-heart-bt-int-seconds})
 */
public record FixSettings(
    String bindAddress,
    int port,
    String compId,
    Path dataDir,
    List<FixSessionSettings> sessions,
    int maxSessions,
    int heartbeatIntervalSeconds,
    int throttleMessagesPerSecond,
    int throttleDisconnectAfterRejects,
    IdleMode idleMode,
    int maxHeartBtIntSeconds)
{
    public FixSettings
    {
        sessions = List.copyOf(sessions);
    }
}
