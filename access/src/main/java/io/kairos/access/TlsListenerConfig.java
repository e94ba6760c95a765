package io.kairos.access;

import io.kairos.engine.ConfigValueException;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One TLS listener of a door: where it listens and where its key material lies on disk. Immutable; the constructor
 * validates and names the key at fault ({@code <prefix>tls-port}, {@code <prefix>tls.cert-file}, ...).
 *
 * @param keyPrefix    the door's keys, {@code fix.} or {@code md.}: messages name {@code <keyPrefix>tls-port} etc.
 * @param port         TCP port of the TLS listener; 0 binds an ephemeral port (tests; the server's config reads an
 *                     empty or 0 {@code tls-port} as {@link #off}); -1 with {@link #off}: no TLS listener
 * @param certFile     PEM certificate chain, the server's certificate first (a Kubernetes TLS Secret's {@code tls.crt})
 * @param keyFile      PEM private key of the first certificate, unencrypted PKCS#8 (the Secret's {@code tls.key})
 * @param clientCaFile PEM bundle of the CAs a client certificate must chain to (mutual TLS: a client without such a
 *                     certificate is refused), or null: no client certificate asked for
 */
public record TlsListenerConfig(String keyPrefix, int port, Path certFile, Path keyFile, Path clientCaFile)
{
    /* Each door's TLS keys: its prefix ("fix." or "md.") followed by one of these. */
    public static final String TLS_PORT_PROP_SUFFIX = "tls-port";
    public static final String CERT_FILE_PROP_SUFFIX = "tls.cert-file";
    public static final String KEY_FILE_PROP_SUFFIX = "tls.key-file";
    public static final String CLIENT_CA_FILE_PROP_SUFFIX = "tls.client-ca-file";

    /** The port of a door without a TLS listener. */
    public static final int OFF_PORT = -1;

    public TlsListenerConfig
    {
        Objects.requireNonNull(keyPrefix, "keyPrefix");
        if (port != OFF_PORT)
        {
            if (port < 0 || port > 65_535)
            {
                throw new ConfigValueException(keyPrefix + TLS_PORT_PROP_SUFFIX, "must be 0..65535, was " + port);
            }
            if (certFile == null)
            {
                throw new ConfigValueException(keyPrefix + CERT_FILE_PROP_SUFFIX, "must be set when " + keyPrefix +
                    TLS_PORT_PROP_SUFFIX + " is");
            }
            if (keyFile == null)
            {
                throw new ConfigValueException(keyPrefix + KEY_FILE_PROP_SUFFIX, "must be set when " + keyPrefix +
                    TLS_PORT_PROP_SUFFIX + " is");
            }
        }
    }

    /** No TLS listener on the door whose keys start with {@code keyPrefix}. */
    public static TlsListenerConfig off(final String keyPrefix)
    {
        return new TlsListenerConfig(keyPrefix, OFF_PORT, null, null, null);
    }

    /** Whether the door has a TLS listener. */
    public boolean enabled()
    {
        return port != OFF_PORT;
    }

    /** Whether a client must present a certificate that chains to {@link #clientCaFile}. */
    public boolean mutual()
    {
        return clientCaFile != null;
    }

    /** The same listener on {@code newPort} (tests: 0 for an ephemeral port). */
    public TlsListenerConfig withPort(final int newPort)
    {
        return new TlsListenerConfig(keyPrefix, newPort, certFile, keyFile, clientCaFile);
    }
}
