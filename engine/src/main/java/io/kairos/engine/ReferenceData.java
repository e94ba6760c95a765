package io.kairos.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * All instruments, looked up by id or by symbol without allocating. Immutable and thread-safe
 * once built; the constructor refuses duplicates and partitions out of range.
 */
public final class ReferenceData
{
    private final List<Instrument> instruments;
    private final Instrument[] byId;
    private final Instrument[] bySymbolSlots;
    private final int slotMask;

    public ReferenceData(final List<Instrument> instruments, final int partitionCount)
    {
        if (instruments.isEmpty())
        {
            throw new IllegalArgumentException("instruments: at least one instrument is required");
        }
        final Set<String> symbols = new HashSet<>();
        int maxId = 0;
        for (final Instrument instrument : instruments)
        {
            if (!symbols.add(instrument.symbol()))
            {
                throw new IllegalArgumentException("instrument " + instrument.symbol() + ": duplicate symbol");
            }
            if (instrument.partition() >= partitionCount)
            {
                throw new IllegalArgumentException("instrument " + instrument.symbol() + " partition " +
                    instrument.partition() + " is outside [0, " + partitionCount + ")");
            }
            maxId = Math.max(maxId, instrument.id());
        }
        if (maxId > 1_000_000)
        {
            throw new IllegalArgumentException("instrument id must be <= 1000000, was " + maxId);
        }
        this.instruments = Collections.unmodifiableList(new ArrayList<>(instruments));
        byId = new Instrument[maxId + 1];
        for (final Instrument instrument : instruments)
        {
            if (byId[instrument.id()] != null)
            {
                throw new IllegalArgumentException("instrument " + instrument.symbol() + ": duplicate id "
                    + instrument.id());
            }
            byId[instrument.id()] = instrument;
        }
        final int slots = Integer.highestOneBit(Math.max(4, instruments.size() * 4 - 1)) << 1;
        bySymbolSlots = new Instrument[slots];
        slotMask = slots - 1;
        for (final Instrument instrument : instruments)
        {
            int slot = hash(instrument.symbol()) & slotMask;
            while (bySymbolSlots[slot] != null)
            {
                slot = (slot + 1) & slotMask;
            }
            bySymbolSlots[slot] = instrument;
        }
    }

    public List<Instrument> instruments()
    {
        return instruments;
    }

    /** @return the instrument or null. */
    public Instrument byId(final int id)
    {
        return id >= 0 && id < byId.length ? byId[id] : null;
    }

    /** @return the instrument with this symbol or null; allocation-free for any CharSequence. */
    public Instrument bySymbol(final CharSequence symbol)
    {
        int slot = hash(symbol) & slotMask;
        Instrument candidate;
        while ((candidate = bySymbolSlots[slot]) != null)
        {
            if (equal(candidate.symbol(), symbol))
            {
                return candidate;
            }
            slot = (slot + 1) & slotMask;
        }
        return null;
    }

    public int maxId()
    {
        return byId.length - 1;
    }

    private static int hash(final CharSequence s)
    {
        int h = 0;
        for (int i = 0, n = s.length(); i < n; i++)
        {
            h = 31 * h + s.charAt(i);
        }
        return h ^ (h >>> 16);
    }

    private static boolean equal(final String a, final CharSequence b)
    {
        final int n = a.length();
        if (n != b.length())
        {
            return false;
        }
        for (int i = 0; i < n; i++)
        {
            if (a.charAt(i) != b.charAt(i))
            {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString()
    {
        return "ReferenceData" + Arrays.toString(instruments.stream().map(Instrument::symbol).toArray());
    }
}
