package io.kairos.md;

import java.util.Objects;

import io.kairos.engine.ConfigChecks;

/**
 * One market-data session the gateway accepts: the client's CompID (its SenderCompID, 49) and the
 * password it must send in the Logon (554; Username 553, when sent, must equal the CompID).
 * Immutable and validated.
 */
public record MdSessionConfig(String compId, String password)
{
    public MdSessionConfig
    {
        Objects.requireNonNull(compId, "md.sessions[].comp-id");
        Objects.requireNonNull(password, "md.sessions[].password");
        if (compId.isBlank() || !ConfigChecks.isPrintableToken(compId))
        {
            throw new IllegalArgumentException("md.sessions[].comp-id must be printable ASCII without '=', was '"
                + compId + "'");
        }
        if (password.isEmpty() || password.indexOf('\u0001') >= 0)
        {
            throw new IllegalArgumentException("md.sessions[" + compId + "].password must be non-empty without SOH");
        }
    }

    @Override
    public String toString()
    {
        return "MdSessionConfig[compId=" + compId + ", password=***]";
    }
}
