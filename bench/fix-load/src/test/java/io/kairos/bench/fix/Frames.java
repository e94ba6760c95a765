package io.kairos.bench.fix;

import java.nio.charset.StandardCharsets;

import org.agrona.concurrent.UnsafeBuffer;

import io.kairos.fix.wire.FixFieldIndex;
import io.kairos.fix.wire.FixWriter;

/**
 * Real FIX 4.4 frames for tests that hand them to the lean client's adapters directly: encoded by fix-wire's
 * {@link FixWriter} (BodyLength and CheckSum filled in) and indexed by {@link FixFieldIndex} as
 * {@link LeanSession} indexes what it reads. Not thread-safe; one per test.
 */
final class Frames
{
    private final FixWriter writer = new FixWriter(4096);
    private final FixFieldIndex fields = new FixFieldIndex(256);
    private long seq;

    /** The frame of {@code type} with {@code bodyWithBars} ("tag=value|..." after the header), indexed. */
    FixFieldIndex index(final char type, final String bodyWithBars)
    {
        writer.reset().beginMessage("FIX.4.4".getBytes(StandardCharsets.US_ASCII));
        writer.field(35, type).field(49, "KAIROS").field(56, "CLIENT01").field(34, ++seq).tag(52)
            .utcTimestampMillis(System.currentTimeMillis() * 1_000_000L).soh()
            .ascii(bodyWithBars.replace('|', '\u0001').getBytes(StandardCharsets.US_ASCII));
        writer.finishMessage();
        final int status = fields.index(new UnsafeBuffer(writer.bytes()), writer.frameStart(),
            writer.position() - writer.frameStart());
        if (status != FixFieldIndex.OK)
        {
            throw new IllegalStateException("not a frame: " + status);
        }
        return fields;
    }
}
