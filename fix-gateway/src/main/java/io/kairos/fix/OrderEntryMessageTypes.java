package io.kairos.fix;

import io.kairos.fix.codecs.decoder.HeartbeatDecoder;
import io.kairos.fix.codecs.decoder.LogonDecoder;
import io.kairos.fix.codecs.decoder.LogoutDecoder;
import io.kairos.fix.codecs.decoder.RejectDecoder;
import io.kairos.fix.codecs.decoder.ResendRequestDecoder;
import io.kairos.fix.codecs.decoder.SequenceResetDecoder;
import io.kairos.fix.codecs.decoder.TestRequestDecoder;
import io.kairos.fix.codecs.decoder.UserRequestDecoder;

/** Which packed message types (Artio's {@code long} form of tag 35) Artio's session layer handles itself. Stateless. */
final class OrderEntryMessageTypes
{
    private OrderEntryMessageTypes()
    {
    }

    static boolean isSessionLevel(final long messageType)
    {
        return messageType == HeartbeatDecoder.MESSAGE_TYPE ||
            messageType == TestRequestDecoder.MESSAGE_TYPE ||
            messageType == ResendRequestDecoder.MESSAGE_TYPE ||
            messageType == RejectDecoder.MESSAGE_TYPE ||
            messageType == SequenceResetDecoder.MESSAGE_TYPE ||
            messageType == LogoutDecoder.MESSAGE_TYPE ||
            messageType == LogonDecoder.MESSAGE_TYPE ||
            messageType == UserRequestDecoder.MESSAGE_TYPE;
    }
}
