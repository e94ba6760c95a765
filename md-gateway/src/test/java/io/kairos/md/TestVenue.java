package io.kairos.md;

import java.util.List;

import io.kairos.engine.BookEvent;
import io.kairos.engine.Instrument;
import io.kairos.engine.ReferenceData;
import io.kairos.engine.Side;
import io.micrometer.core.instrument.MeterRegistry;

/** Test data builders: demo instruments, a gateway on them and hand-made book events. Test-only. */
final class TestVenue
{
    static final long TICK = 10_000L;
    static final long REFERENCE_PRICE = 100_000_000L;
    static final List<Instrument> INSTRUMENTS = List.of(
        new Instrument("AAPL", 1, 0, TICK, 1, REFERENCE_PRICE, 20),
        new Instrument("MSFT", 2, 1, TICK, 1, REFERENCE_PRICE, 20),
        new Instrument("TSLA", 3, 0, TICK, 1, REFERENCE_PRICE, 20));
    static final ReferenceData REFERENCE_DATA = new ReferenceData(INSTRUMENTS, 2);

    private long sequence;

    static MarketDataGatewayConfig config()
    {
        return MarketDataGatewayConfig.defaults().withPort(0);
    }

    /** A gateway on a free port with {@code config} and the test instruments; the caller closes it. */
    static MarketDataGateway launch(final MarketDataGatewayConfig config, final MeterRegistry registry)
    {
        return MarketDataGateway.launch(config, REFERENCE_DATA, registry);
    }

    /** A gateway on a free port with {@link #config()} and the test instruments; the caller closes it. */
    static MarketDataGateway launch(final MeterRegistry registry)
    {
        return launch(config(), registry);
    }

    BookEvent add(final int instrument, final long orderId, final Side side, final long price, final long quantity)
    {
        return event(BookEvent.Type.ADD, instrument, orderId, side, price, quantity);
    }

    BookEvent event(final BookEvent.Type type, final int instrument, final long orderId, final Side side,
        final long price, final long quantity)
    {
        final BookEvent event = new BookEvent();
        event.type = type;
        event.instrumentId = instrument;
        event.sequence = ++sequence;
        event.orderId = orderId;
        event.side = side;
        event.price = price;
        event.quantity = quantity;
        event.engineInNs = 1_700_000_000_000_000_000L + sequence;
        event.engineOutNs = event.engineInNs + 500;
        return event;
    }

    BookEvent execute(final int instrument, final long orderId, final Side side, final long price, final long traded,
        final long remaining, final long aggressorOrderId)
    {
        final BookEvent event = event(BookEvent.Type.EXECUTE, instrument, orderId, side, price, remaining);
        event.tradeQuantity = traded;
        event.aggressorOrderId = aggressorOrderId;
        event.aggressorSide = side.opposite();
        return event;
    }
}
