package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.kairos.fix.wire.FixFieldIndex;
import io.kairos.testsupport.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** One lean session against the scripted venue, driven by hand with explicit clock values (no waiting for 30 s). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LeanSessionTest
{
    /** How long a wait for the peer may take: a safety net for a hung peer, never a measure of speed. */
    private static final Duration PEER_BOUND = Duration.ofSeconds(30);

    private static final long HEARTBEAT_INTERVAL_NS = TimeUnit.SECONDS.toNanos(LeanSession.HEARTBEAT_INTERVAL_SECONDS);

    @Test
    void shouldSendAHeartbeatOnlyWhenNothingWentOutForAHeartbeatInterval() throws Exception
    {
        final CountDownLatch loggedOn = new CountDownLatch(1);
        final LeanSession.Handler handler = new LeanSession.Handler()
        {
            public void onLogon(final LeanSession session)
            {
                loggedOn.countDown();
            }

            public void onAppMessage(final LeanSession session, final byte msgType, final FixFieldIndex fields,
                final long receivedNs)
            {
            }
        };
        try (ScriptedFixPeer peer = new ScriptedFixPeer(0, null);
            Selector selector = Selector.open();
            SocketChannel channel = SocketChannel.open(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                peer.port())))
        {
            channel.configureBlocking(false);
            final LeanSession session = new LeanSession(0, "FIX.4.4", "CLIENT01", "KAIROS", "client01pass", channel,
                handler, 0);
            channel.register(selector, SelectionKey.OP_READ, session);
            final LeanReceiverAgent receiver = new LeanReceiverAgent(selector, List.of(session), 128);
            final Thread receiverThread = Thread.ofPlatform().name("lean-receiver-test").start(receiver);
            try
            {
                final long beforeLogonNs = System.nanoTime();
                session.sendLogon();
                assertTrue(loggedOn.await(10, TimeUnit.SECONDS), "logged on");
                final long afterLogonNs = System.nanoTime();

                session.heartbeatIfIdle(beforeLogonNs + HEARTBEAT_INTERVAL_NS - 1);
                session.heartbeatIfIdle(afterLogonNs + HEARTBEAT_INTERVAL_NS);
                session.sendLogout();
                Await.until("the Logout at the peer", PEER_BOUND, () -> peer.logouts() > 0);

                assertEquals(1, peer.logouts());
                assertEquals(1, peer.heartbeats(), "one Heartbeat: the session was idle only at the second check");
                assertEquals(0, session.sequenceGaps());
            }
            finally
            {
                receiver.close();
                receiverThread.join();
            }
        }
    }
}
