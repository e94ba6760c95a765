package io.kairos.bench.fix;

/**
 * The FIX logic of one echo-server connection: answers Logon with Logon, TestRequest with Heartbeat, Logout with
 * Logout, ResendRequest with a SequenceReset, and each NewOrderSingle (D), OrderCancelRequest (F) and
 * OrderCancelReplaceRequest (G) with an ExecutionReport shaped like the venue's (New / Canceled / Replaced, the
 * order fields echoed, the four nanosecond latency stamps 5979/21002/21003/7765 and a nanosecond SendingTime), so
 * the frames on the wire have the venue's sizes without any matching. Owned by the connection thread;
 * allocation-free.
 */
public final class EchoResponder
{
    /** Nothing to send. */
    public static final int NONE = 0;
    /** Send the composed frame. */
    public static final int RESPOND = 1;
    /** Send the composed frame, then close the connection. */
    public static final int RESPOND_AND_CLOSE = 2;

    private static final byte[] FIX42 = "FIX.4.2".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final AsciiBuffer body = new AsciiBuffer(4096);
    private final AsciiBuffer frame = new AsciiBuffer(4200);
    private final long epochOffsetNs;
    private long nextOutboundSeq = 1;
    private long nextOrderId = 1;
    private long nextExecId = 1;

    /** @param epochOffsetNs epoch nanoseconds minus {@link System#nanoTime()}, fixed at start */
    public EchoResponder(final long epochOffsetNs)
    {
        this.epochOffsetNs = epochOffsetNs;
    }

    /** The composed response frame ({@link #frame()}{@code .bytes()[0, position)}). */
    public AsciiBuffer frame()
    {
        return frame;
    }

    /** Composes the answer to the indexed frame; returns {@link #NONE}, {@link #RESPOND} or {@link #RESPOND_AND_CLOSE}. */
    public int onMessage(final FixFieldIndex in, final long receivedNs)
    {
        final int msgType = in.find(35);
        if (msgType < 0 || in.length(msgType) != 1)
        {
            return NONE;
        }
        final byte type = in.buffer()[in.start(msgType)];
        body.reset();
        switch (type)
        {
            case 'A' ->
            {
                if (in.firstByte(141) == 'Y')
                {
                    nextOutboundSeq = 1;
                }
                header(in, (byte)'A');
                body.tag(98).character((byte)'0').soh();
                copy(in, 108);
                copy(in, 141);
            }
            case '1' ->
            {
                header(in, (byte)'0');
                copy(in, 112);
            }
            case '5' -> header(in, (byte)'5');
            case '2' ->
            {
                header(in, (byte)'4');
                body.tag(123).character((byte)'N').soh().tag(36).number(nextOutboundSeq).soh();
            }
            case 'D', 'F', 'G' -> executionReport(in, type, receivedNs);
            default ->
            {
                return NONE;
            }
        }
        finish(in);
        return type == '5' ? RESPOND_AND_CLOSE : RESPOND;
    }

    private void executionReport(final FixFieldIndex in, final byte type, final long receivedNs)
    {
        header(in, (byte)'8');
        final byte execType = type == 'D' ? (byte)'0' : type == 'F' ? (byte)'4' : (byte)'5';
        final byte ordStatus = type == 'F' ? (byte)'4' : (byte)'0';
        body.tag(37).number(nextOrderId++).soh();
        copy(in, 11);
        copy(in, 41);
        body.tag(17).number(nextExecId++).soh();
        if (isFix42(in))
        {
            body.tag(20).character((byte)'0').soh();
        }
        body.tag(150).character(execType).soh().tag(39).character(ordStatus).soh();
        copy(in, 55);
        copy(in, 54);
        copy(in, 38);
        copy(in, 40);
        copy(in, 44);
        copy(in, 59);
        final int quantity = in.find(38);
        body.tag(151);
        if (type == 'F' || quantity < 0)
        {
            body.character((byte)'0');
        }
        else
        {
            body.bytes(in.buffer(), in.start(quantity), in.length(quantity));
        }
        body.soh().tag(14).character((byte)'0').soh().tag(6).character((byte)'0').soh();
        final long epochNs = epochOffsetNs + receivedNs;
        body.tag(60).utcTimestamp(epochNs).soh();
        body.tag(5979).number(epochNs).soh().tag(21002).number(epochNs).soh();
        body.tag(21003).number(epochNs).soh().tag(7765).number(epochNs).soh();
    }

    private void header(final FixFieldIndex in, final byte msgType)
    {
        body.tag(35).character(msgType).soh();
        body.tag(49);
        copyValue(in, 56);
        body.soh().tag(56);
        copyValue(in, 49);
        body.soh().tag(34).number(nextOutboundSeq++).soh();
        body.tag(52).utcTimestamp(epochOffsetNs + System.nanoTime()).soh();
    }

    private void finish(final FixFieldIndex in)
    {
        frame.reset();
        frame.tag(8);
        copyValueTo(frame, in, 8);
        frame.soh().tag(9).number(body.position()).soh().bytes(body.bytes(), 0, body.position());
        final int sum = FixFramer.checksum(frame.bytes(), 0, frame.position());
        frame.tag(10).padded(sum, 3).soh();
    }

    private void copy(final FixFieldIndex in, final int tag)
    {
        final int field = in.find(tag);
        if (field >= 0)
        {
            body.tag(tag).bytes(in.buffer(), in.start(field), in.length(field)).soh();
        }
    }

    private void copyValue(final FixFieldIndex in, final int tag)
    {
        copyValueTo(body, in, tag);
    }

    private static void copyValueTo(final AsciiBuffer target, final FixFieldIndex in, final int tag)
    {
        final int field = in.find(tag);
        if (field >= 0)
        {
            target.bytes(in.buffer(), in.start(field), in.length(field));
        }
    }

    private static boolean isFix42(final FixFieldIndex in)
    {
        final int field = in.find(8);
        if (field < 0 || in.length(field) != FIX42.length)
        {
            return false;
        }
        for (int i = 0; i < FIX42.length; i++)
        {
            if (in.buffer()[in.start(field) + i] != FIX42[i])
            {
                return false;
            }
        }
        return true;
    }
}
