package io.kairos.md;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.kairos.fix.wire.FixChecksum;
import io.kairos.fix.wire.FixWriter;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A socket-free {@link SessionConnection} for driving {@link FixSession} directly: every batch it hands out appends
 * the real encoded messages (header, body and the trailer for the writer's checksum) and a flush moves them to what
 * "the peer" received, read back as frames by {@link #received()}. {@link #stall()} makes everything flushed from then
 * on count as still queued, as a peer that stopped reading does. Test-only; owned by the test thread.
 */
final class RecordingConnection implements SessionConnection
{
    private final ByteArrayOutputStream wire = new ByteArrayOutputStream();
    private int readUpTo;
    private boolean stalled;
    private int stalledMessages;
    private final java.util.concurrent.BlockingQueue<Runnable> hopped =
        new java.util.concurrent.LinkedBlockingQueue<>();
    boolean closed;
    boolean closedAfterGrace;
    /** Whether the session stopped reading (its Logon is being checked). */
    boolean paused;

    @Override
    public boolean isOpen()
    {
        return !closed && !closedAfterGrace;
    }

    @Override
    public OutboundBatch newBatch()
    {
        return new Batch();
    }

    @Override
    public void close()
    {
        closed = true;
    }

    @Override
    public void closeAfterGrace()
    {
        closedAfterGrace = true;
    }

    @Override
    public String remoteHost()
    {
        return "127.0.0.1";
    }

    @Override
    public void pauseReading()
    {
        paused = true;
    }

    @Override
    public void resumeReading()
    {
        paused = false;
    }

    /** Queues {@code task} (the verifier's way back) for {@link #runHopped} to run on the test thread. */
    @Override
    public void execute(final Runnable task)
    {
        hopped.add(task);
    }

    /** Waits (bounded) for the task the logon verifier sent back and runs it here, as the event loop would. */
    void runHopped()
    {
        try
        {
            final Runnable task = hopped.poll(20, java.util.concurrent.TimeUnit.SECONDS);
            if (task == null)
            {
                throw new AssertionError("the logon verifier sent nothing back within 20 s");
            }
            task.run();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new AssertionError(ex);
        }
    }

    /** From now on, flushed messages stay queued (the peer does not read). */
    void stall()
    {
        stalled = true;
    }

    /** The frames flushed since the previous call, each checked for its BodyLength and CheckSum. */
    List<FixFrame> received()
    {
        final byte[] bytes = wire.toByteArray();
        final List<FixFrame> frames = new ArrayList<>();
        int at = readUpTo;
        while (at < bytes.length)
        {
            final byte[] rest = java.util.Arrays.copyOfRange(bytes, at, bytes.length);
            final FixFrame frame = FixFrame.cut(rest, rest.length);
            if (frame == null)
            {
                throw new AssertionError("not a whole frame: " + new String(rest, StandardCharsets.US_ASCII));
            }
            checkLengthAndChecksum(frame);
            frames.add(frame);
            at += frame.raw().length;
        }
        readUpTo = at;
        return frames;
    }

    private static void checkLengthAndChecksum(final FixFrame frame)
    {
        final byte[] raw = frame.raw();
        final int checksumAt = raw.length - 7;
        final int bodyStart = frame.toString().indexOf('|', "8=FIX.4.4|9=".length()) + 1;
        if (Integer.parseInt(frame.get(9)) != checksumAt - bodyStart
            || Integer.parseInt(frame.get(10)) != FixChecksum.sum(new UnsafeBuffer(raw), 0, checksumAt))
        {
            throw new AssertionError("bad BodyLength or CheckSum: " + frame);
        }
    }

    /** One writer's output: messages appended here reach {@link #wire} when flushed. */
    private final class Batch implements OutboundBatch
    {
        private final ByteArrayOutputStream open = new ByteArrayOutputStream();
        private int unflushed;

        @Override
        public void begin(final FixWriter head, final FixWriter tail, final int bodyLength)
        {
            open.write(head.bytes(), 0, head.position());
            open.write(tail.bytes(), 0, tail.position());
        }

        @Override
        public void body(final byte[] part, final int offset, final int length)
        {
            open.write(part, offset, length);
        }

        @Override
        public void end(final int checksum)
        {
            open.writeBytes(String.format("10=%03d\u0001", checksum & 0xFF).getBytes(StandardCharsets.US_ASCII));
            unflushed++;
        }

        @Override
        public int unflushedMessages()
        {
            return unflushed;
        }

        @Override
        public int pendingMessages()
        {
            return unflushed + stalledMessages;
        }

        @Override
        public void flush()
        {
            if (stalled)
            {
                stalledMessages += unflushed;
            }
            else
            {
                wire.writeBytes(open.toByteArray());
            }
            open.reset();
            unflushed = 0;
        }

        @Override
        public void release()
        {
            open.reset();
            unflushed = 0;
        }
    }
}
