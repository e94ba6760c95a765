package io.kairos.fix;

/**
 * Why the gateway itself refused a request before it reached the engine. {@link #text()} is what the
 * client reads in Text (58). Immutable.
 */
enum GatewayReject
{
    /** Session-level Reject (35=3): malformed message or a required field missing. */
    INVALID_MESSAGE("invalid message"),
    /** BusinessMessageReject (35=j): a message type the gateway does not serve. */
    UNSUPPORTED_MESSAGE_TYPE("unsupported message type"),
    UNSUPPORTED_ORDER_TYPE("unsupported order type (1=market, 2=limit)"),
    UNSUPPORTED_TIME_IN_FORCE("unsupported time in force (0=day, 1=GTC, 3=IOC, 4=FOK)"),
    TOO_MANY_DECIMALS("price has more than 6 decimals"),
    FRACTIONAL_QUANTITY("quantity must be a whole number"),
    UNSUPPORTED_MASS_CANCEL_TYPE("mass cancel supports 1=by security and 7=all orders"),
    ENGINE_UNAVAILABLE("engine is not accepting commands"),
    /** BusinessMessageReject (35=j, 380=6): an application message from a drop-copy session. */
    DROP_COPY_CANNOT_ENTER_ORDERS("drop copy sessions cannot enter orders"),
    /** Not answered at all: a PossDupFlag=Y retransmission below the expected MsgSeqNum, ignored as FIX says. */
    STALE_RETRANSMISSION("retransmission below the expected MsgSeqNum ignored");

    private final String text;

    GatewayReject(final String text)
    {
        this.text = text;
    }

    String text()
    {
        return text;
    }
}
