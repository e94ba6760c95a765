package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

class ConfigValueExceptionTest
{
    @Test
    void shouldCarryTheKeyAndTheDetailBesideTheMessage()
    {
        final ConfigValueException refused = assertThrows(ConfigValueException.class,
            () -> ConfigChecks.requireInRange(70_000, 0, 65_535, "md.port"));

        assertEquals("md.port must be in [0, 65535], was 70000", refused.getMessage());
        assertEquals("md.port", refused.key());
        assertEquals("must be in [0, 65535], was 70000", refused.detail());
        assertNull(refused.entry());
        assertNull(refused.field());
    }

    @Test
    void shouldKeepTheCauseOfARefusal()
    {
        final NumberFormatException cause = new NumberFormatException("x");
        final ConfigValueException refused = new ConfigValueException("k.ey", "is not a number", cause);

        assertSame(cause, refused.getCause());
        assertEquals("k.ey is not a number", refused.getMessage());
    }

    @Test
    void shouldNameAnInstrumentsKeyAndSymbolAsDataWithTheMessageAsBefore()
    {
        final ConfigValueException tick = assertThrows(ConfigValueException.class,
            () -> new Instrument("AAPL", 1, 0, 0, 1, Prices.parse("190"), 10));
        final ConfigValueException qty = assertThrows(ConfigValueException.class,
            () -> new Instrument("MSFT", 2, 0, Prices.parse("0.01"), 10, Prices.parse("420"), 10, 5,
                Instrument.DEFAULT_MAX_NOTIONAL));
        final ConfigValueException symbol = assertThrows(ConfigValueException.class,
            () -> new Instrument("A=B", 3, 0, Prices.parse("0.01"), 1, Prices.parse("1"), 10));

        assertEquals("instrument tick-size must be > 0", tick.getMessage());
        assertEquals("instrument.AAPL.tick-size", tick.key());
        assertEquals("AAPL", tick.entry());
        assertEquals(Instrument.TICK_SIZE_FIELD, tick.field());
        assertEquals("must be > 0", tick.detail());
        assertEquals("instrument.MSFT.max-order-qty", qty.key());
        assertEquals("instrument max-order-qty must be in [lot-size, 1000000000], was 5", qty.getMessage());
        assertEquals("instruments", symbol.key(), "a bad symbol is the list's fault");
        assertEquals("instrument symbol must be printable ASCII without '='", symbol.getMessage());
    }

    @Test
    void shouldNameTheEngineKeyOfARefusal()
    {
        final Instrument far = new Instrument("GOOG", 4, 3, Prices.parse("0.01"), 1, Prices.parse("170"), 10);
        final ConfigValueException refused = assertThrows(ConfigValueException.class,
            () -> EngineConfig.defaults(List.of(far)).withRingSize(3));

        assertEquals(EngineConfig.RING_SIZE_PROP_NAME, refused.key());
        assertEquals("engine.ring-size must be a power of two >= 2, was 3", refused.getMessage());
    }

    @Test
    void shouldBuildTheDefaultsFromTheDefaultConstants()
    {
        final EngineConfig defaults = EngineConfig.defaults(List.of(
            new Instrument("AAPL", 1, 0, Prices.parse("0.01"), 1, Prices.parse("190"), 10)));

        assertEquals(EngineConfig.DEFAULT_PARTITION_COUNT, defaults.partitionCount());
        assertEquals(EngineConfig.DEFAULT_RING_SIZE, defaults.ringSize());
        assertEquals(EngineConfig.DEFAULT_WAIT_STRATEGY, defaults.waitStrategy());
        assertEquals(EngineConfig.DEFAULT_SELF_TRADE_PREVENTION, defaults.selfTradePrevention());
        assertEquals(EngineConfig.DEFAULT_JOURNAL_STAGE, defaults.journalStage());
        assertEquals(EngineConfig.DEFAULT_JOURNAL_FORCE_DELAY_US, defaults.journalForceDelayUs());
    }
}
