package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.function.ToIntFunction;

import org.junit.jupiter.api.Test;

/** The FIX codes of the engine's enums, pinned, and the table that maps them both ways. */
class FixCodesTest
{
    @Test
    void shouldKeepTheFixCodeOfEveryConstant()
    {
        assertEquals("12", codes(Side.values(), Side::fixCode));
        assertEquals("12", codes(OrderType.values(), OrderType::fixCode));
        assertEquals("0134", codes(TimeInForce.values(), TimeInForce::fixCode));
        assertEquals("01248C", codes(OrdStatus.values(), OrdStatus::fixCode));
        assertEquals("0458CFI", codes(ExecType.values(), ExecType::fixCode));
    }

    @Test
    void shouldFindTheConstantOfEachCodeAndNoneForOtherCharacters()
    {
        for (final Side side : Side.values())
        {
            assertEquals(side, Side.fromFix(side.fixCode()));
        }
        for (final OrderType type : OrderType.values())
        {
            assertEquals(type, OrderType.fromFix(type.fixCode()));
        }
        for (final TimeInForce tif : TimeInForce.values())
        {
            assertEquals(tif, TimeInForce.fromFix(tif.fixCode()));
        }
        assertNull(Side.fromFix('3'));
        assertNull(OrderType.fromFix('0'));
        assertNull(TimeInForce.fromFix('2'));
        assertNull(TimeInForce.fromFix('\u00e9'));
        assertNull(Side.fromFix('\uffff'));
    }

    @Test
    void shouldRefuseATableWithAMissingOrRepeatedCode()
    {
        assertThrows(IllegalArgumentException.class, () -> new FixCodes<>(Side.values(), "1"));
        assertThrows(IllegalArgumentException.class, () -> new FixCodes<>(Side.values(), "11"));
        assertThrows(IllegalArgumentException.class, () -> new FixCodes<>(Side.values(), "1\u00e9"));
    }

    private static <E extends Enum<E>> String codes(final E[] constants, final ToIntFunction<E> code)
    {
        final StringBuilder codes = new StringBuilder();
        for (final E constant : constants)
        {
            codes.append((char)code.applyAsInt(constant));
        }
        return codes.toString();
    }
}
