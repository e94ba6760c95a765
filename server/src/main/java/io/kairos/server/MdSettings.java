package io.kairos.server;

import java.util.List;

import io.kairos.md.MdIdleMode;

/**
 * The market-data gateway's settings ({@code md.*}). Immutable; validated by {@link KairosConfigLoader}.
 *
 * @param bindAddress                 address to listen on
 * @param port                        TCP port (0 = any free port)
 * @param compId                      the venue's market-data CompID
 * @param sessions                    the accepted subscriber sessions
 * @param heartbeatIntervalSeconds    HeartBtInt the venue proposes
 * @param maxDepth                    deepest book a subscriber may request
 * @param outboundQueueLimitMessages  unsent messages per subscriber before it is disconnected
 * @param idleMode                    how the gateway's event-loop thread waits ({@code md.idle-strategy})
 * @param maxSubscriptionsPerSession  subscriptions one session may hold ({@code md.max-subscriptions-per-session})
 */
public record MdSettings(
    String bindAddress,
    int port,
    String compId,
    List<MdSessionSettings> sessions,
    int heartbeatIntervalSeconds,
    int maxDepth,
    int outboundQueueLimitMessages,
    MdIdleMode idleMode,
    int maxSubscriptionsPerSession)
{
    public MdSettings
    {
        sessions = List.copyOf(sessions);
    }
}
