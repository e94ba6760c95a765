package io.kairos.bench.fix;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

import quickfix.Message;
import quickfix.Session;

/**
 * {@link OrderChannel} of the QuickFIX/J client: builds a {@link Message} per request (NewOrderSingle D,
 * OrderCancelRequest F, OrderCancelReplaceRequest G) with ClOrdID {@code <prefix><request index>} and hands it to the
 * session. Allocates per message (that is QuickFIX/J's model). Owned by the sender thread.
 */
final class QuickFixOrderChannel implements OrderChannel
{
    private final List<Session> sessions;
    private final List<Instrument> instruments;
    private final String clOrdIdPrefix;
    private Message pending;

    QuickFixOrderChannel(final List<Session> sessions, final List<Instrument> instruments, final String clOrdIdPrefix)
    {
        this.sessions = sessions;
        this.instruments = instruments;
        this.clOrdIdPrefix = clOrdIdPrefix;
    }

    public void encode(final int session, final int requestIndex, final OrderRequest order)
    {
        final Message message = new Message();
        final Instrument instrument = instruments.get(order.instrumentIndex);
        message.setString(11, clOrdIdPrefix + requestIndex);
        message.setString(55, instrument.symbol());
        message.setChar(54, order.side);
        message.setUtcTimeStamp(60, LocalDateTime.now(ZoneOffset.UTC), true);
        message.setString(38, Long.toString(order.quantity));
        switch (order.action)
        {
            case OrderRequest.CANCEL ->
            {
                message.getHeader().setString(35, "F");
                message.setString(41, clOrdIdPrefix + order.targetRequest);
            }
            case OrderRequest.REPLACE ->
            {
                message.getHeader().setString(35, "G");
                message.setString(41, clOrdIdPrefix + order.targetRequest);
                message.setChar(21, '1');
                message.setChar(40, OrderRequest.LIMIT);
                message.setString(44, Instrument.decimal(order.priceMicros));
            }
            default ->
            {
                message.getHeader().setString(35, "D");
                message.setChar(21, '1');
                message.setChar(40, order.ordType);
                if (order.ordType == OrderRequest.LIMIT)
                {
                    message.setString(44, Instrument.decimal(order.priceMicros));
                    message.setChar(59, '0');
                }
            }
        }
        pending = message;
    }

    public void send(final int session)
    {
        sessions.get(session).send(pending);
        pending = null;
    }
}
