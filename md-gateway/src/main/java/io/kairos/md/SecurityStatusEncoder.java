package io.kairos.md;

import static io.kairos.fix.wire.FixTags.ENGINE_IN;
import static io.kairos.fix.wire.FixTags.ENGINE_OUT;
import static io.kairos.fix.wire.FixTags.SECURITY_TRADING_STATUS;
import static io.kairos.fix.wire.FixTags.SYMBOL;

import io.kairos.engine.TradingStatus;
import io.kairos.fix.wire.FixWriter;

/**
 * The body of a SecurityStatus (35=f) saying an instrument's trading status: Symbol (55) and SecurityTradingStatus
 * (326: 17 ready to trade when open, 2 trading halt, 18 not available for trading when closed), with the engine
 * stamps (21002, 21003) when it reports a change. Sent to every subscriber of the instrument when the status changes,
 * and after the snapshot (35=W) of a subscription made while the instrument is not open. Stateless.
 */
final class SecurityStatusEncoder
{
    static final int READY_TO_TRADE = 17;
    static final int TRADING_HALT = 2;
    static final int NOT_AVAILABLE_FOR_TRADING = 18;

    private SecurityStatusEncoder()
    {
    }

    static int code(final TradingStatus status)
    {
        return switch (status)
        {
            case OPEN -> READY_TO_TRADE;
            case HALTED -> TRADING_HALT;
            case CLOSED -> NOT_AVAILABLE_FOR_TRADING;
        };
    }

    /** The body of a status change; {@code body} is reset first. @return {@code body} */
    static FixWriter change(final FixWriter body, final byte[] symbol, final TradingStatus status,
        final long engineInNs, final long engineOutNs)
    {
        return body.reset().field(ENGINE_IN, engineInNs).field(ENGINE_OUT, engineOutNs)
            .field(SYMBOL, symbol, 0, symbol.length).field(SECURITY_TRADING_STATUS, code(status));
    }

    /** The body of the status as it stands (after a snapshot); {@code body} is reset first. @return {@code body} */
    static FixWriter current(final FixWriter body, final byte[] symbol, final TradingStatus status)
    {
        return body.reset().field(SYMBOL, symbol, 0, symbol.length).field(SECURITY_TRADING_STATUS, code(status));
    }
}
