package io.kairos.latency.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Opens a capture file and picks the reader from its magic number. Stateless. */
public final class CaptureFiles
{
    private CaptureFiles()
    {
    }

    /**
     * @throws UnusableCaptureException when the file is missing, unreadable, too short, or neither pcap nor pcapng.
     */
    public static CaptureReader open(final Path path, final int windowBytes, final CaptureProblems problems)
        throws UnusableCaptureException
    {
        return open(path, windowBytes, problems, false);
    }

    /**
     * @param pcapngHardwareStamps a pcapng file's packet stamps were taken by hardware (the file cannot say so).
     * @throws UnusableCaptureException when the file is missing, unreadable, too short, or neither pcap nor pcapng.
     */
    public static CaptureReader open(final Path path, final int windowBytes, final CaptureProblems problems,
        final boolean pcapngHardwareStamps) throws UnusableCaptureException
    {
        if (!Files.isRegularFile(path) || !Files.isReadable(path))
        {
            throw new UnusableCaptureException("cannot read capture file " + path + ": no such readable file");
        }
        final MappedCaptureFile file;
        try
        {
            file = new MappedCaptureFile(path, windowBytes);
        }
        catch (final IOException ex)
        {
            throw new UnusableCaptureException("cannot open capture file " + path + ": " + ex.getMessage(), ex);
        }
        try
        {
            return openMapped(file, problems, pcapngHardwareStamps);
        }
        catch (final UnusableCaptureException ex)
        {
            closeQuietly(file);
            throw ex;
        }
    }

    private static CaptureReader openMapped(final MappedCaptureFile file, final CaptureProblems problems,
        final boolean pcapngHardwareStamps) throws UnusableCaptureException
    {
        if (file.size() < 4)
        {
            throw new UnusableCaptureException("not a capture: the file has " + file.size() +
                " bytes, too short for a pcap or pcapng header");
        }
        final int index = file.map(0, 4);
        final int magic = file.buffer().getInt(index);
        return switch (magic)
        {
            case PcapDescriptor.MAGIC_MICROS, PcapDescriptor.MAGIC_NANOS, PcapDescriptor.MAGIC_MICROS_SWAPPED,
                 PcapDescriptor.MAGIC_NANOS_SWAPPED -> new PcapReader(file, problems, magic);
            case PcapngDescriptor.SECTION_HEADER_BLOCK -> new PcapngReader(file, problems, pcapngHardwareStamps);
            default -> throw new UnusableCaptureException(String.format(
                "not a capture: wrong magic number 0x%08x at byte offset 0 (expected pcap a1b2c3d4/a1b23c4d in " +
                "either byte order, or pcapng 0a0d0d0a)", magic));
        };
    }

    private static void closeQuietly(final MappedCaptureFile file)
    {
        try
        {
            file.close();
        }
        catch (final IOException ignore)
        {
            // already failing with a clearer message
        }
    }
}
