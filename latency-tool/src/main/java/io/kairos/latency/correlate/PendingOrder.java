package io.kairos.latency.correlate;

import io.kairos.latency.tcp.TcpStream;

/**
 * A request (NewOrderSingle, cancel or replace) waiting for its acknowledgement, then — for a new order with an
 * OrderID — for its market-data ticks. Pooled and reused; linked intrusively into one age list and up to two indexes.
 * Owned by the analysis thread.
 */
final class PendingOrder
{
    static final int KIND_NEW = 0;
    static final int KIND_CANCEL = 1;
    static final int KIND_REPLACE = 2;
    static final int KINDS = 3;
    static final int MAX_ID_BYTES = 64;
    static final int MAX_SUBSCRIBERS = 256;
    static final long NONE = Long.MIN_VALUE;

    int kind;
    int connectionId;
    /** The stream the request came on (its reverse carries the answers); its description names the connection. */
    TcpStream requestStream;
    long clOrdIdHash;
    final byte[] clOrdId = new byte[MAX_ID_BYTES];
    int clOrdIdLength;
    long orderIdHash;
    final byte[] orderId = new byte[MAX_ID_BYTES];
    int orderIdLength;
    long requestTimeNs;
    long requestPacket;
    boolean acked;
    long ackTimeNs;
    byte execType;
    long gatewayInNs;
    long engineInNs;
    long engineOutNs;
    long responseInNs;
    long sendingTimeNs;
    long firstTickNs;
    long lastTickNs;
    int subscribersSeen;
    final long[] subscriberMask = new long[MAX_SUBSCRIBERS / 64];
    boolean inClOrdIdIndex;
    boolean inOrderIdIndex;

    PendingOrder nextWithSameClOrdIdHash;
    PendingOrder nextWithSameOrderIdHash;
    PendingOrder previous;
    PendingOrder next;
    OrderList list;

    void reset()
    {
        requestStream = null;
        clOrdIdLength = 0;
        orderIdLength = 0;
        acked = false;
        ackTimeNs = NONE;
        execType = 0;
        gatewayInNs = NONE;
        engineInNs = NONE;
        engineOutNs = NONE;
        responseInNs = NONE;
        sendingTimeNs = NONE;
        firstTickNs = NONE;
        lastTickNs = NONE;
        subscribersSeen = 0;
        java.util.Arrays.fill(subscriberMask, 0);
        inClOrdIdIndex = false;
        inOrderIdIndex = false;
        nextWithSameClOrdIdHash = null;
        nextWithSameOrderIdHash = null;
        previous = null;
        next = null;
        list = null;
    }

    /** Marks {@code subscriber} as having delivered a tick; returns false when it already had. */
    boolean markSubscriber(final int subscriber)
    {
        final long bit = 1L << (subscriber & 63);
        final int word = subscriber >>> 6;
        if ((subscriberMask[word] & bit) != 0)
        {
            return false;
        }
        subscriberMask[word] |= bit;
        subscribersSeen++;
        return true;
    }
}
