package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AsciiIdTest
{
    private static final String LONGEST = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-";

    @Test
    void shouldCopyEveryLengthOverALongerFormerValue()
    {
        final AsciiId source = new AsciiId();
        final AsciiId copy = new AsciiId();
        for (int length = 0; length <= AsciiId.MAX_LENGTH; length++)
        {
            copy.set(LONGEST.toUpperCase());
            source.set(LONGEST.substring(0, length));
            copy.set(source);
            assertEquals(LONGEST.substring(0, length), copy.toString());
            assertTrue(copy.contentEquals(source), "length " + length);
            assertEquals(source.hash64(3), copy.hash64(3), "the hash reads the content only");
        }
    }

    @Test
    void shouldCompareTheContentOnlyNotWhatAFormerLongerValueLeftBehind()
    {
        for (int length = 0; length < AsciiId.MAX_LENGTH; length++)
        {
            final AsciiId a = new AsciiId();
            final AsciiId b = new AsciiId();
            a.set(LONGEST);
            b.set(LONGEST.toUpperCase());
            a.set(LONGEST.substring(0, length));
            b.set(LONGEST.substring(0, length));
            assertTrue(a.contentEquals(b), "length " + length);
        }
    }

    @Test
    void shouldTellApartIdsThatDifferInAnyOneByteOrInLength()
    {
        final AsciiId a = new AsciiId();
        final AsciiId b = new AsciiId();
        for (int length = 1; length <= AsciiId.MAX_LENGTH; length++)
        {
            a.set(LONGEST.substring(0, length));
            for (int at = 0; at < length; at++)
            {
                final char[] changed = LONGEST.substring(0, length).toCharArray();
                changed[at] = '*';
                b.set(new String(changed));
                assertFalse(a.contentEquals(b), "length " + length + ", byte " + at);
            }
            b.set(LONGEST.substring(0, length - 1));
            assertFalse(a.contentEquals(b), "a prefix, length " + length);
        }
    }
}
