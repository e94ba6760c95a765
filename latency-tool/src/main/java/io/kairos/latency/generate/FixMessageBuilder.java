package io.kairos.latency.generate;

import java.nio.charset.StandardCharsets;

import io.kairos.fix.wire.FixTags;
import io.kairos.fix.wire.FixWriter;

/**
 * Builds one FIX message for a synthetic capture: body fields are appended, then {@link #finish} has fix-wire's
 * {@link FixWriter} write BeginString, BodyLength and CheckSum around them, and copies the frame to the start of
 * {@link #bytes()}, where the capture writer takes it. Owned by the generating thread.
 */
public final class FixMessageBuilder
{
    /** Large enough for a message filling one maximal IPv4 TCP segment. */
    public static final int MAX_BODY_BYTES = 70_000;
    private final FixWriter writer = new FixWriter(MAX_BODY_BYTES + 64);
    private final byte[] message = new byte[MAX_BODY_BYTES + 64];
    private final byte[] beginString;
    private int length;

    public FixMessageBuilder(final String beginString)
    {
        this.beginString = beginString.getBytes(StandardCharsets.US_ASCII);
    }

    public FixMessageBuilder start(final String msgType)
    {
        writer.reset().beginMessage(beginString);
        return field(FixTags.MSG_TYPE, msgType);
    }

    public FixMessageBuilder field(final int tag, final String value)
    {
        writer.field(tag, value);
        return this;
    }

    public FixMessageBuilder field(final int tag, final long value)
    {
        writer.field(tag, value);
        return this;
    }

    /** Completes the message; returns its length in {@link #bytes()}. */
    public int finish()
    {
        final int start = writer.finishMessage();
        length = writer.position() - start;
        System.arraycopy(writer.bytes(), start, message, 0, length);
        return length;
    }

    public byte[] bytes()
    {
        return message;
    }

    public int length()
    {
        return length;
    }
}
