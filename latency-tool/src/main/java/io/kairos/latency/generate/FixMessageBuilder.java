package io.kairos.latency.generate;

import java.nio.charset.StandardCharsets;

/**
 * Builds one FIX message in a reused byte array: body fields are appended, then {@link #finish} writes BeginString,
 * BodyLength and CheckSum around them. Owned by the generating thread.
 */
public final class FixMessageBuilder
{
    private static final byte SOH = 1;
    /** Large enough for a message filling one maximal IPv4 TCP segment. */
    public static final int MAX_BODY_BYTES = 70_000;
    private final byte[] body = new byte[MAX_BODY_BYTES];
    private final byte[] message = new byte[MAX_BODY_BYTES + 64];
    private final byte[] beginString;
    private int bodyLength;
    private int length;

    public FixMessageBuilder(final String beginString)
    {
        this.beginString = ("8=" + beginString + "\u0001").getBytes(StandardCharsets.US_ASCII);
    }

    public FixMessageBuilder start(final String msgType)
    {
        bodyLength = 0;
        return field(35, msgType);
    }

    public FixMessageBuilder field(final int tag, final String value)
    {
        appendNumber(tag);
        body[bodyLength++] = '=';
        for (int i = 0; i < value.length(); i++)
        {
            body[bodyLength++] = (byte)value.charAt(i);
        }
        body[bodyLength++] = SOH;
        return this;
    }

    public FixMessageBuilder field(final int tag, final long value)
    {
        appendNumber(tag);
        body[bodyLength++] = '=';
        appendNumber(value);
        body[bodyLength++] = SOH;
        return this;
    }

    private void appendNumber(final long value)
    {
        final String digits = Long.toString(value);
        for (int i = 0; i < digits.length(); i++)
        {
            body[bodyLength++] = (byte)digits.charAt(i);
        }
    }

    /** Completes the message; returns its length in {@link #bytes()}. */
    public int finish()
    {
        length = 0;
        System.arraycopy(beginString, 0, message, 0, beginString.length);
        length = beginString.length;
        final byte[] lengthField = ("9=" + bodyLength + "\u0001").getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(lengthField, 0, message, length, lengthField.length);
        length += lengthField.length;
        System.arraycopy(body, 0, message, length, bodyLength);
        length += bodyLength;
        int sum = 0;
        for (int i = 0; i < length; i++)
        {
            sum += message[i];
        }
        final String checksum = String.format("10=%03d\u0001", sum & 0xFF);
        for (int i = 0; i < checksum.length(); i++)
        {
            message[length++] = (byte)checksum.charAt(i);
        }
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
