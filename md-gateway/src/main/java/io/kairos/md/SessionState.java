package io.kairos.md;

import java.nio.charset.StandardCharsets;

import io.kairos.access.PasswordHash;

/**
 * What the gateway remembers of one configured session (CompID) across its connections: the
 * credentials, both sequence numbers, and the connection currently logged on, if any. Sequence
 * numbers live in memory for the gateway's lifetime (market data is not replayed); a Logon with
 * ResetSeqNumFlag (141=Y) resets them. Owned by the gateway's event loop.
 */
final class SessionState
{
    final String compId;
    final byte[] compIdBytes;
    /** The stored hash; only the logon verifier's thread checks a password against it. */
    final PasswordHash passwordHash;
    int nextSenderSeqNum = 1;
    /**
     * A long: a client may move it past 2^31 with SequenceReset (36), and
     * {@link io.kairos.fix.wire.FixFieldIndex#longAt} caps it below 10^18.
     */
    long nextTargetSeqNum = 1;
    FixSession active;

    SessionState(final MdSessionConfig config)
    {
        this(config.compId(), config.passwordHash());
    }

    /** A state for {@code compId}; {@code passwordHash} null for one that only addresses a refusal. */
    SessionState(final String compId, final PasswordHash passwordHash)
    {
        this.compId = compId;
        compIdBytes = compId.getBytes(StandardCharsets.US_ASCII);
        this.passwordHash = passwordHash;
    }

    void resetSequenceNumbers()
    {
        nextSenderSeqNum = 1;
        nextTargetSeqNum = 1;
    }
}
