package io.kairos.md;

import java.nio.channels.spi.SelectorProvider;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.SelectStrategyFactory;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;

/**
 * How the gateway's event-loop thread waits when it has nothing to do ({@code md.idle-strategy}).
 * Immutable; the choice is made once, when the gateway starts.
 */
public enum MdIdleMode
{
    /**
     * Block in {@code epoll_wait} (or the NIO selector) until a socket is ready or the engine hands
     * over events, which then costs a wake-up write and the thread's rescheduling (README, "Threading
     * and the hot path"). No CPU when quiet; for machines whose cores are shared.
     */
    BLOCK,
    /**
     * Never block: poll the sockets without a timeout in a loop, so the engine's hand-off is seen
     * at once and needs no wake-up system call. Keeps one core busy; only with a dedicated core.
     */
    BUSY_SPIN;

    /** Polls without a timeout on every turn of the loop; the loop then runs its due tasks. */
    private static final SelectStrategyFactory NEVER_BLOCK = () -> (pollNow, hasTasks) -> pollNow.get();

    IoHandlerFactory ioHandlerFactory(final boolean nativeTransport)
    {
        if (this == BLOCK)
        {
            return nativeTransport ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        }
        return nativeTransport
            ? EpollIoHandler.newFactory(0, NEVER_BLOCK)
            : NioIoHandler.newFactory(SelectorProvider.provider(), NEVER_BLOCK);
    }
}
