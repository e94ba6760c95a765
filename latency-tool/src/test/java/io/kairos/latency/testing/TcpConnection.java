package io.kairos.latency.testing;

import java.nio.ByteBuffer;

/**
 * Builds the frames of one test TCP connection with correct sequence numbers; the {@code …At} methods place bytes at
 * an explicit stream offset to create retransmissions, overlaps, reordering and holes.
 */
public final class TcpConnection
{
    public static final int FIN = 0x01;
    public static final int SYN = 0x02;
    public static final int PSH_ACK = 0x18;
    public static final int ACK = 0x10;

    private final Endpoint client;
    private final Endpoint server;
    private final Link link;
    private final int clientIsn;
    private final int serverIsn;
    private int clientOffset;
    private int serverOffset;

    public TcpConnection(final Endpoint client, final Endpoint server, final Link link, final int clientIsn,
        final int serverIsn)
    {
        this.client = client;
        this.server = server;
        this.link = link;
        this.clientIsn = clientIsn;
        this.serverIsn = serverIsn;
    }

    /** Over Ethernet, both initial sequence numbers 1: the connection most tests need. */
    public static TcpConnection ethernet(final Endpoint client, final Endpoint server)
    {
        return new TcpConnection(client, server, Link.ETHERNET, 1, 1);
    }

    public Frame syn(final long timeNs)
    {
        return new Frame(timeNs, packet(client, server, clientIsn, 0, SYN, new byte[0]));
    }

    public Frame synAck(final long timeNs)
    {
        return new Frame(timeNs, packet(server, client, serverIsn, clientIsn + 1, SYN | ACK, new byte[0]));
    }

    public Frame fromClient(final long timeNs, final byte[] payload)
    {
        final Frame frame = fromClientAt(timeNs, clientOffset, payload);
        clientOffset += payload.length;
        return frame;
    }

    public Frame fromServer(final long timeNs, final byte[] payload)
    {
        final Frame frame = fromServerAt(timeNs, serverOffset, payload);
        serverOffset += payload.length;
        return frame;
    }

    /** Client bytes at stream offset {@code offset} (0 = first byte after the SYN); does not advance. */
    public Frame fromClientAt(final long timeNs, final int offset, final byte[] payload)
    {
        return new Frame(timeNs, packet(client, server, clientIsn + 1 + offset, serverIsn + 1 + serverOffset, PSH_ACK,
            payload));
    }

    public Frame fromServerAt(final long timeNs, final int offset, final byte[] payload)
    {
        return new Frame(timeNs, packet(server, client, serverIsn + 1 + offset, clientIsn + 1 + clientOffset, PSH_ACK,
            payload));
    }

    /** A pure ACK from the server acknowledging everything the client sent so far. */
    public Frame serverAck(final long timeNs)
    {
        return new Frame(timeNs, packet(server, client, serverIsn + 1 + serverOffset, clientIsn + 1 + clientOffset, ACK,
            new byte[0]));
    }

    /** A pure ACK from the client acknowledging the server's bytes up to stream offset {@code serverOffset}. */
    public Frame clientAckAt(final long timeNs, final int serverOffset)
    {
        return new Frame(timeNs, packet(client, server, clientIsn + 1 + clientOffset, serverIsn + 1 + serverOffset, ACK,
            new byte[0]));
    }

    public void skipClient(final int bytes)
    {
        clientOffset += bytes;
    }

    public void skipServer(final int bytes)
    {
        serverOffset += bytes;
    }

    public int clientOffset()
    {
        return clientOffset;
    }

    public int serverOffset()
    {
        return serverOffset;
    }

    private byte[] packet(final Endpoint from, final Endpoint to, final int sequence, final int ack, final int flags,
        final byte[] payload)
    {
        final ByteBuffer tcp = ByteBuffer.allocate(20 + payload.length);
        tcp.putShort((short)from.port()).putShort((short)to.port()).putInt(sequence).putInt(ack).put((byte)0x50)
            .put((byte)flags).putShort((short)65535).putInt(0).put(payload);
        final byte[] segment = tcp.array();
        final ByteBuffer ip;
        if (from.ipVersion() == 4)
        {
            ip = ByteBuffer.allocate(20 + segment.length);
            ip.put((byte)0x45).put((byte)0).putShort((short)(20 + segment.length)).putInt(0).put((byte)64)
                .put((byte)6).putShort((short)0).put(from.address()).put(to.address()).put(segment);
        }
        else
        {
            ip = ByteBuffer.allocate(40 + segment.length);
            ip.putInt(0x60000000).putShort((short)segment.length).put((byte)6).put((byte)64).put(from.address())
                .put(to.address()).put(segment);
        }
        return link.wrap(ip.array(), from.ipVersion());
    }
}
