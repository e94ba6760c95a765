package io.kairos.md;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** One FIX frame as received by a test client, with its fields parsed. Test-only, immutable. */
record FixFrame(byte[] raw, List<String[]> fields)
{
    /** @return the first complete frame at the start of {@code bytes[0, length)}, or null. */
    static FixFrame cut(final byte[] bytes, final int length)
    {
        final String text = new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
        final int checksum = text.indexOf("\u000110=");
        if (checksum < 0 || checksum + 8 > length)
        {
            return null;
        }
        final int end = checksum + 8;
        final String frame = text.substring(0, end);
        final List<String[]> fields = new ArrayList<>();
        for (final String field : frame.split("\u0001"))
        {
            final int eq = field.indexOf('=');
            fields.add(new String[] {field.substring(0, eq), field.substring(eq + 1)});
        }
        return new FixFrame(frame.getBytes(StandardCharsets.ISO_8859_1), fields);
    }

    String msgType()
    {
        return get(35);
    }

    /** @return the first value of the tag, or null. */
    String get(final int tag)
    {
        final String key = Integer.toString(tag);
        for (final String[] field : fields)
        {
            if (field[0].equals(key))
            {
                return field[1];
            }
        }
        return null;
    }

    /** All values of a tag, in order. */
    List<String> all(final int tag)
    {
        final String key = Integer.toString(tag);
        final List<String> values = new ArrayList<>();
        for (final String[] field : fields)
        {
            if (field[0].equals(key))
            {
                values.add(field[1]);
            }
        }
        return values;
    }

    /** The body: everything after the standard header (8, 9, 35, 49, 56, 34, 52, 43, 122) up to the CheckSum. */
    String body()
    {
        final StringBuilder body = new StringBuilder();
        for (final String[] field : fields)
        {
            switch (field[0])
            {
                case "8", "9", "35", "49", "56", "34", "52", "43", "122", "10" ->
                {
                }
                default -> body.append(field[0]).append('=').append(field[1]).append('\u0001');
            }
        }
        return body.toString();
    }

    @Override
    public String toString()
    {
        return new String(raw, StandardCharsets.ISO_8859_1).replace('\u0001', '|');
    }
}
