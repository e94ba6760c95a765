package io.kairos.fix;

import java.util.Objects;

import io.kairos.access.PasswordHash;
import io.kairos.engine.ConfigChecks;
import io.kairos.engine.ConfigValueException;

/**
 * One order-entry session the gateway accepts. Immutable; the constructor refuses bad values with a
 * message naming the field.
 *
 * @param compId             the client's SenderCompID (49) on logon; printable ASCII, at most 64 characters
 * @param passwordHash       the stored hash of the Password (554) the client must send on logon (Username 553 must
 *                           equal compId); {@code fix.session.<ID>.password-hash}
 * @param sessionId          the engine owner id of the session's orders, &ge; 1, unique in the gateway
 * @param cancelOnDisconnect cancel all the session's resting orders when its connection drops
 * @param firm               the member firm the session trades for ({@code fix.session.<ID>.firm}, the CompID when
 *                           not set): an operator's kill switch may cancel a whole firm's orders, and a drop copy
 *                           session receives its firms' reports; a CompID-like name
 */
public record FixSessionConfig(String compId, PasswordHash passwordHash, int sessionId, boolean cancelOnDisconnect,
    String firm)
{
    public static final int MAX_COMP_ID_LENGTH = 64;
    /* Fields of fix.session.<ID>.<field> ({@link #propName}); the password hash's is PasswordHash's. */
    public static final String CANCEL_ON_DISCONNECT_FIELD = "cancel-on-disconnect";
    public static final String FIRM_FIELD = "firm";
    public static final boolean DEFAULT_CANCEL_ON_DISCONNECT = false;
    private static final String PROP_PREFIX = FixGatewayConfig.PROP_PREFIX + "session.";

    public FixSessionConfig
    {
        Objects.requireNonNull(compId, "session.comp-id");
        Objects.requireNonNull(passwordHash, "session." + compId + ".password-hash");
        require(!compId.isEmpty() && compId.length() <= MAX_COMP_ID_LENGTH, compId, "comp-id",
            "must have 1.." + MAX_COMP_ID_LENGTH + " characters");
        require(ConfigChecks.isPrintableToken(compId), compId, "comp-id",
            "must be printable ASCII without '='");
        require(sessionId >= 1, compId, "session-id", "must be >= 1, was " + sessionId);
        Objects.requireNonNull(firm, "session." + compId + ".firm");
        require(!firm.isEmpty() && firm.length() <= MAX_COMP_ID_LENGTH && ConfigChecks.isPrintableToken(firm), compId,
            FIRM_FIELD, "must have 1.." + MAX_COMP_ID_LENGTH + " printable ASCII characters without '='");
    }

    /** The server key of one field of one session: {@code fix.session.<compId>.<field>}. */
    public static String propName(final String compId, final String field)
    {
        return PROP_PREFIX + compId + "." + field;
    }

    /** A session that is a firm of its own (the firm is its CompID). */
    public FixSessionConfig(final String compId, final PasswordHash passwordHash, final int sessionId,
        final boolean cancelOnDisconnect)
    {
        this(compId, passwordHash, sessionId, cancelOnDisconnect, compId);
    }

    private static void require(final boolean ok, final String compId, final String field, final String message)
    {
        if (!ok)
        {
            // the CompID and the session id come from the list (its position), the firm from a key of its own
            final String key = FIRM_FIELD.equals(field) ? propName(compId, field) : FixGatewayConfig.SESSIONS_PROP_NAME;
            throw ConfigValueException.ofEntry(key, compId, field, "session " + compId + " " + field, message);
        }
    }

    /**
     * A session whose password is hashed here, cheaply ({@link PasswordHash#MIN_ITERATIONS}): for defaults and tests,
     * never for a venue's configuration. Slow-ish (one hash); allocates.
     */
    public static FixSessionConfig withPassword(
        final String compId, final String password, final int sessionId, final boolean cancelOnDisconnect)
    {
        return withPassword(compId, password, sessionId, cancelOnDisconnect, compId);
    }

    /** As {@link #withPassword(String, String, int, boolean)}, trading for {@code firm}. */
    public static FixSessionConfig withPassword(final String compId, final String password, final int sessionId,
        final boolean cancelOnDisconnect, final String firm)
    {
        return new FixSessionConfig(compId, PasswordHash.create(password.toCharArray(), PasswordHash.MIN_ITERATIONS),
            sessionId, cancelOnDisconnect, firm);
    }

    /** Never prints the password hash. */
    @Override
    public String toString()
    {
        return "FixSessionConfig[compId=" + compId + ", sessionId=" + sessionId + ", cancelOnDisconnect=" +
            cancelOnDisconnect + ", firm=" + firm + "]";
    }
}
