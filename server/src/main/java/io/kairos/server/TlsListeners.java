package io.kairos.server;

import java.util.Objects;

import io.kairos.access.TlsListenerConfig;

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
        Objects.requireNonNull(fix, "fix.tls-port");
        Objects.requireNonNull(md, "md.tls-port");
    }

    /** Neither door has a TLS listener. */
    static TlsListeners off()
    {
        return new TlsListeners(TlsListenerConfig.off("fix."), TlsListenerConfig.off("md."));
    }
}
