package io.kairos.md;

import java.util.Objects;

import io.kairos.access.PasswordHash;
import io.kairos.engine.ConfigChecks;
import io.kairos.engine.ConfigValueException;

/**
 * One market-data session the gateway accepts: the client's CompID (its SenderCompID, 49) and the stored hash of the
 * password it must send in the Logon (554; Username 553, when sent, must equal the CompID),
 * {@code md.session.<ID>.password-hash}. Immutable and validated.
 */
public record MdSessionConfig(String compId, PasswordHash passwordHash)
{
    private static final String PROP_PREFIX = MarketDataGatewayConfig.PROP_PREFIX + "session.";

    public MdSessionConfig
    {
        Objects.requireNonNull(compId, "md.sessions[].comp-id");
        Objects.requireNonNull(passwordHash, "md.sessions[" + compId + "].password-hash");
        if (compId.isBlank() || !ConfigChecks.isPrintableToken(compId))
        {
            // the CompID comes from the list
            throw ConfigValueException.ofEntry(MarketDataGatewayConfig.SESSIONS_PROP_NAME, compId, "comp-id",
                "md.sessions[].comp-id", "must be printable ASCII without '=', was '" + compId + "'");
        }
    }

    /** The server key of one field of one session: {@code md.session.<compId>.<field>}. */
    public static String propName(final String compId, final String field)
    {
        return PROP_PREFIX + compId + "." + field;
    }

    /**
     * A session whose password is hashed here, cheaply ({@link PasswordHash#MIN_ITERATIONS}): for defaults and tests,
     * never for a venue's configuration. Slow-ish (one hash); allocates.
     */
    public static MdSessionConfig withPassword(final String compId, final String password)
    {
        return new MdSessionConfig(compId, PasswordHash.create(password.toCharArray(), PasswordHash.MIN_ITERATIONS));
    }

    /** Never prints the password hash. */
    @Override
    public String toString()
    {
        return "MdSessionConfig[compId=" + compId + ", passwordHash=***]";
    }
}
