package io.kairos.access;

/**
 * Why a logon was refused, for the log and the metrics only: every one of them gets the same answer on the wire
 * ({@link LogonVerifier#REFUSAL_TEXT}), so that a client cannot tell a valid CompID from an unknown one.
 */
public enum LogonFailure
{
    /** The SenderCompID is not a configured session (checked against a dummy hash all the same). */
    UNKNOWN_COMP_ID("unknown-comp-id"),
    /** Username (553) or Password (554) wrong. */
    BAD_CREDENTIALS("bad-credentials"),
    /** The CompID or the source host is locked out (no hash computed). */
    LOCKED_OUT("locked-out"),
    /** Too many logons wait for the password check (no hash computed). */
    VERIFIER_BUSY("verifier-busy");

    private final String label;

    LogonFailure(final String label)
    {
        this.label = label;
    }

    /** The metric label and log word. */
    public String label()
    {
        return label;
    }
}
