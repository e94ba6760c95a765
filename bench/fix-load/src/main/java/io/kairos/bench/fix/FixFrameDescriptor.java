package io.kairos.bench.fix;

/**
 * The FIX tag=value frame the echo server reads and writes (FIX 4.x over TCP; {@code |} is SOH, 0x01):
 *
 * <pre>
 *   +---------------+-----------+-------------------------------------+----------+
 *   | 8=FIX.4.4|    | 9=LEN|    | 35=D|49=...|56=...|34=...| ...     | 10=CCC|  |
 *   +---------------+-----------+-------------------------------------+----------+
 *   BeginString     BodyLength  body: exactly LEN bytes, from the byte  CheckSum: sum of every
 *   (first field)   (second)    after "9=LEN|" up to and including the byte before "10=", mod 256,
 *                               SOH before "10="                        three decimal digits
 * </pre>
 *
 * A frame is complete when {@code 8=}, {@code 9=}, the body and the 7-byte trailer have arrived. Constants only.
 */
public final class FixFrameDescriptor
{
    public static final byte SOH = 0x01;
    public static final byte EQUALS = '=';
    /** Length of the trailer {@code 10=CCC|}. */
    public static final int TRAILER_LENGTH = 7;
    /** Longest BeginString accepted ({@code FIXT.1.1} is 8). */
    public static final int MAX_BEGIN_STRING_LENGTH = 16;
    /** Most BodyLength digits accepted. */
    public static final int MAX_BODY_LENGTH_DIGITS = 7;

    private FixFrameDescriptor()
    {
    }
}
