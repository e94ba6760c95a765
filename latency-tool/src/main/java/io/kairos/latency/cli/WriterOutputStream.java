package io.kairos.latency.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** Adapts picocli's PrintWriter (so tests can capture output) to the PrintStreams the reports use. Not thread-safe. */
final class WriterOutputStream extends OutputStream
{
    private final PrintWriter writer;

    WriterOutputStream(final PrintWriter writer)
    {
        this.writer = writer;
    }

    public void write(final int b)
    {
        writer.write(b);
    }

    public void write(final byte[] bytes, final int offset, final int length)
    {
        writer.write(new String(bytes, offset, length, StandardCharsets.UTF_8));
    }

    public void flush()
    {
        writer.flush();
    }
}
