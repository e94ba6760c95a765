package io.kairos.bench.fix;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Symbol bytes → instrument index, an open-addressing table over byte arrays, so a market-data entry's Symbol (55)
 * finds its instrument without building a String. Immutable after construction; safe to share.
 */
final class SymbolIndex
{
    private final byte[][] symbols;
    private final int[] slots;
    private final int mask;

    SymbolIndex(final List<Instrument> instruments)
    {
        symbols = new byte[instruments.size()][];
        int capacity = 4;
        while (capacity < instruments.size() * 2)
        {
            capacity <<= 1;
        }
        slots = new int[capacity];
        Arrays.fill(slots, -1);
        mask = capacity - 1;
        for (int i = 0; i < symbols.length; i++)
        {
            symbols[i] = instruments.get(i).symbol().getBytes(StandardCharsets.US_ASCII);
            int slot = hash(new UnsafeBuffer(symbols[i]), 0, symbols[i].length) & mask;
            while (slots[slot] >= 0)
            {
                slot = (slot + 1) & mask;
            }
            slots[slot] = i;
        }
    }

    /** Index of the instrument whose symbol is {@code bytes[start, end)}, or -1. */
    int indexOf(final DirectBuffer bytes, final int start, final int end)
    {
        int slot = hash(bytes, start, end) & mask;
        while (slots[slot] >= 0)
        {
            if (equals(symbols[slots[slot]], bytes, start, end))
            {
                return slots[slot];
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }

    private static boolean equals(final byte[] symbol, final DirectBuffer bytes, final int start, final int end)
    {
        if (symbol.length != end - start)
        {
            return false;
        }
        for (int i = 0; i < symbol.length; i++)
        {
            if (symbol[i] != bytes.getByte(start + i))
            {
                return false;
            }
        }
        return true;
    }

    private static int hash(final DirectBuffer bytes, final int start, final int end)
    {
        int hash = 0;
        for (int i = start; i < end; i++)
        {
            hash = hash * 31 + bytes.getByte(i);
        }
        return hash ^ (hash >>> 16);
    }
}
