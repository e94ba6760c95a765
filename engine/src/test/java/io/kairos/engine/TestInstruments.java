package io.kairos.engine;

import java.util.List;

/** Test data builders for reference data. */
final class TestInstruments
{
    /**
     * AAPL: tick 0.01, lot 1, ref 100, band 10 %. MSFT: tick 0.05, lot 10, ref 300, band 5 %. Both partition 0; IBM in
     * partition 1.
     */
    static final List<Instrument> DEFAULT = List.of(
        new Instrument("AAPL", 1, 0, Prices.parse("0.01"), 1, Prices.parse("100"), 10),
        new Instrument("MSFT", 2, 0, Prices.parse("0.05"), 10, Prices.parse("300"), 5),
        new Instrument("IBM", 3, 1, Prices.parse("0.01"), 1, Prices.parse("150"), 20));

    private TestInstruments()
    {
    }

    static EngineConfig config()
    {
        return EngineConfig.defaults(DEFAULT);
    }
}
