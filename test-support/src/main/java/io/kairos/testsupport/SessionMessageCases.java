package io.kairos.testsupport;

import java.util.ArrayList;
import java.util.List;

/**
 * The session-level messages the session matrices send with an impossible MsgSeqNum, and what the order-entry port
 * (Artio) answers to each: one table for the gateway's in-process matrix and the end-to-end one. Stateless.
 */
public final class SessionMessageCases
{
    private static final String[][] MESSAGES = {
        {"Heartbeat", "0", ""}, {"TestRequest", "1", "112=X|"}, {"ResendRequest", "2", "7=1|16=0|"},
        {"Reject", "3", "45=1|"}, {"SequenceReset-GapFill", "4", "123=Y|36=50|"}, {"Logout", "5", ""},
        {"Logon", "A", "98=0|108=30|"}};
    /** Below the expected 2, past 2^31 - 1, not a number. */
    private static final String[] IMPOSSIBLE_SEQ_NUMS = {"0", "-1", "2147483648", "abc"};

    private SessionMessageCases()
    {
    }

    /** @return per session message: its name, MsgType (35) and body ({@code |}-separated fields, each ended by one) */
    public static List<String[]> messages()
    {
        final List<String[]> messages = new ArrayList<>();
        for (final String[] message : MESSAGES)
        {
            messages.add(message.clone());
        }
        return messages;
    }

    /**
     * @return per session message and impossible MsgSeqNum: name, MsgType, body, MsgSeqNum and the Text (58) of the
     * order-entry port's Logout, null for a plain Logout (a Logout with a number at all is acknowledged so)
     */
    public static List<Object[]> orderEntryImpossibleSeqNums()
    {
        final List<Object[]> cases = new ArrayList<>();
        for (final String[] message : MESSAGES)
        {
            for (final String seqNum : IMPOSSIBLE_SEQ_NUMS)
            {
                final boolean number = seqNum.equals("0") || seqNum.equals("-1");
                final String reason = number ? "MsgSeqNum too low, expecting 2 but received " + seqNum :
                    "Received message without MsgSeqNum";
                cases.add(new Object[] {message[0], message[1], message[2], seqNum,
                    message[1].equals("5") && number ? null : reason});
            }
        }
        return cases;
    }
}
