package io.kairos.fix;

import java.util.Objects;

import io.kairos.access.PasswordHash;
import io.kairos.engine.ConfigChecks;

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

    public FixSessionConfig
    {
        Objects.requireNonNull(compId, "session.comp-id");
        Objects.requireNonNull(passwordHash, "session." + compId + ".password-hash");
        require(!compId.isEmpty() && compId.length() <= MAX_COMP_ID_LENGTH, compId, "comp-id",
            "must have 1.." + MAX_COMP_ID_LENGTH + " characters");
        require(ConfigChecks.isPrintableToken(compId), compId, "comp-id",
            "must be printable ASCII without '='");
        ConfigChecks.requireAtLeast(sessionId, 1, "session " + compId + " session-id");
        Objects.requireNonNull(firm, "session." + compId + ".firm");
        require(!firm.isEmpty() && firm.length() <= MAX_COMP_ID_LENGTH && ConfigChecks.isPrintableToken(firm), compId,
            "firm", "must have 1.." + MAX_COMP_ID_LENGTH + " printable ASCII characters without '='");
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
            throw new IllegalArgumentException("session " + compId + " " + field + " " + message);
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
