package io.kairos.md;

import java.nio.charset.StandardCharsets;

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
    final String password;
    int nextSenderSeqNum = 1;
    int nextTargetSeqNum = 1;
    FixSession active;

    SessionState(final MdSessionConfig config)
    {
        compId = config.compId();
        compIdBytes = compId.getBytes(StandardCharsets.US_ASCII);
        password = config.password();
    }

    void resetSequenceNumbers()
    {
        nextSenderSeqNum = 1;
        nextTargetSeqNum = 1;
    }
}
