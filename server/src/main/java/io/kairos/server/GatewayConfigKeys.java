package io.kairos.server;

import io.kairos.access.PasswordHash;
import io.kairos.engine.ConfigValueException;

/**
 * Turns what a gateway's config record refuses ({@code FixGatewayConfig}, {@code FixSessionConfig},
 * {@code DropCopySessionConfig}, {@code MarketDataGatewayConfig}, {@code MdSessionConfig}, the doors' limits and TLS
 * listeners) into a {@link ConfigException} naming the key the refusal carries ({@link ConfigValueException#key()}),
 * with the value and where it came from; a password hash's value is never echoed. Stateless.
 */
final class GatewayConfigKeys
{
    private GatewayConfigKeys()
    {
    }

    static ConfigException refusal(final PropertySource source, final ConfigValueException refused)
    {
        final String key = refused.key();
        final String detail = refused.detail();
        if (key.endsWith(PasswordHash.PROP_FIELD) || key.endsWith(PasswordHash.CLEAR_TEXT_PROP_FIELD))
        {
            // never echo a password or its hash
            return new ConfigException(key, detail + " (set by " + source.origin(key) + ")");
        }
        final String value = String.valueOf(source.raw(key));
        // the record ends with ", was <value>", which source.bad says already
        final String echo = ", was " + value;
        return source.bad(key, value, detail.endsWith(echo) ? detail.substring(0, detail.length() - echo.length()) :
            detail);
    }
}
