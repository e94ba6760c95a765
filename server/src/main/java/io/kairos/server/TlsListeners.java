package io.kairos.server;

import java.util.Objects;

import io.kairos.access.TlsListenerConfig;
import io.kairos.fix.FixGatewayConfig;
import io.kairos.md.MarketDataGatewayConfig;

/**
 * The TLS listeners of the two public doors ({@code fix.tls-port}, {@code md.tls-port} and their {@code tls.*} files),
 * each {@link TlsListenerConfig#off} unless configured. Immutable.
 *
 * @param fix the order-entry TLS front end, relaying to Artio
 * @param md  the market-data TLS listener
 */
record TlsListeners(TlsListenerConfig fix, TlsListenerConfig md)
{
    TlsListeners
    {
        Objects.requireNonNull(fix, FixGatewayConfig.PROP_PREFIX + TlsListenerConfig.TLS_PORT_PROP_SUFFIX);
        Objects.requireNonNull(md, MarketDataGatewayConfig.PROP_PREFIX + TlsListenerConfig.TLS_PORT_PROP_SUFFIX);
    }

    /** Neither door has a TLS listener. */
    static TlsListeners off()
    {
        return new TlsListeners(TlsListenerConfig.off(FixGatewayConfig.PROP_PREFIX),
            TlsListenerConfig.off(MarketDataGatewayConfig.PROP_PREFIX));
    }
}
