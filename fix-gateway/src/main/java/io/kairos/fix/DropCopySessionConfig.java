package io.kairos.fix;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import io.kairos.access.PasswordHash;
import io.kairos.engine.ConfigChecks;
import io.kairos.engine.ConfigValueException;

/**
 * One drop-copy session the gateway accepts ({@code fix.drop-copy-sessions}): it logs on at the order-entry port with
 * its own CompID and receives a copy of every ExecutionReport (35=8) the order-entry sessions of its member firms
 * are sent; it may not enter orders. Immutable; the constructor refuses bad values with a message naming the field.
 *
 * @param compId       the drop-copy client's SenderCompID (49) on logon; printable ASCII, at most 64 characters
 * @param passwordHash the stored hash of its Password (554) ({@code fix.drop-copy-session.<ID>.password-hash})
 * @param sessionId    the session's record in the gateway's delivery marks; never an order owner in the engine,
 *                     and unique among all sessions of the gateway ({@link #sessionIdAt})
 * @param firms        the member firms ({@link FixSessionConfig#firm()}) whose reports it receives; at least one
 */
public record DropCopySessionConfig(String compId, PasswordHash passwordHash, int sessionId, List<String> firms)
{
    /** The field of {@code fix.drop-copy-session.<ID>.firms} ({@link #propName}). */
    public static final String FIRMS_FIELD = "firms";
    private static final String PROP_PREFIX = FixGatewayConfig.PROP_PREFIX + "drop-copy-session.";

    public DropCopySessionConfig
    {
        Objects.requireNonNull(compId, "drop-copy-session.comp-id");
        Objects.requireNonNull(passwordHash, "drop-copy-session." + compId + ".password-hash");
        firms = List.copyOf(Objects.requireNonNull(firms, "drop-copy-session." + compId + ".firms"));
        require(!compId.isEmpty() && compId.length() <= FixSessionConfig.MAX_COMP_ID_LENGTH &&
            ConfigChecks.isPrintableToken(compId), compId, "comp-id",
            "must have 1.." + FixSessionConfig.MAX_COMP_ID_LENGTH + " printable ASCII characters without '='");
        require(sessionId >= 1, compId, "session-id", "must be >= 1, was " + sessionId);
        require(!firms.isEmpty(), compId, FIRMS_FIELD, "must name at least one member firm");
        final Set<String> seen = new HashSet<>();
        for (final String firm : firms)
        {
            require(firm != null && !firm.isEmpty() && firm.length() <= FixSessionConfig.MAX_COMP_ID_LENGTH &&
                ConfigChecks.isPrintableToken(firm), compId, FIRMS_FIELD,
                "must be names of 1.." + FixSessionConfig.MAX_COMP_ID_LENGTH +
                " printable ASCII characters without '=', was " + firm);
            require(seen.add(firm), compId, FIRMS_FIELD, "names " + firm + " twice");
        }
    }

    /** The server key of one field of one drop-copy session: {@code fix.drop-copy-session.<compId>.<field>}. */
    public static String propName(final String compId, final String field)
    {
        return PROP_PREFIX + compId + "." + field;
    }

    /**
     * The session id of the drop-copy session at {@code position} (0, 1, ...) of {@code fix.drop-copy-sessions}:
     * counted down from {@link FixGatewayConfig#MAX_SESSION_ID}, far from the order-entry sessions' 1, 2, ..., so that
     * adding order-entry sessions never moves a drop copy's delivery marks. Add drop-copy sessions at the end.
     */
    public static int sessionIdAt(final int position)
    {
        return FixGatewayConfig.MAX_SESSION_ID - position;
    }

    /** A drop-copy session whose password is hashed here, cheaply: for defaults and tests. Allocates. */
    public static DropCopySessionConfig withPassword(
        final String compId, final String password, final int position, final List<String> firms)
    {
        return new DropCopySessionConfig(compId,
            PasswordHash.create(password.toCharArray(), PasswordHash.MIN_ITERATIONS), sessionIdAt(position), firms);
    }

    /** Whether reports of the order-entry sessions of {@code firm} are copied to this session. */
    public boolean covers(final String firm)
    {
        return firms.contains(firm);
    }

    /**
     * This session as a logon: what the authenticator, the sent-sequence floor and the delivery marks know of every
     * session (its firm is its own CompID; it owns no orders, so cancel-on-disconnect is off).
     */
    FixSessionConfig asLogon()
    {
        return new FixSessionConfig(compId, passwordHash, sessionId, false, compId);
    }

    private static void require(final boolean ok, final String compId, final String field, final String message)
    {
        if (!ok)
        {
            // the CompID and the session id come from the list (its position), the firms from a key of their own
            final String key = FIRMS_FIELD.equals(field) ? propName(compId, field) :
                FixGatewayConfig.DROP_COPY_SESSIONS_PROP_NAME;
            throw ConfigValueException.ofEntry(key, compId, field, "drop-copy session " + compId + " " + field,
                message);
        }
    }

    /** Never prints the password hash. */
    @Override
    public String toString()
    {
        return "DropCopySessionConfig[compId=" + compId + ", sessionId=" + sessionId + ", firms=" + firms + "]";
    }
}
