package io.kairos.fix;

import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.fields.DecimalFloat;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FixDecimalsTest
{
    @Test
    void shouldConvertPricesToSixDecimalFixedPoint()
    {
        assertEquals(101_250_000L, FixDecimals.toPrice(new DecimalFloat(10125, 2)));
        assertEquals(100_000_000L, FixDecimals.toPrice(new DecimalFloat(100, 0)));
        assertEquals(1L, FixDecimals.toPrice(new DecimalFloat(1, 6)));
        assertEquals(99_500_000L, FixDecimals.toPrice(new DecimalFloat(995_000_000, 7)));
    }

    @Test
    void shouldRefusePricesThatNeedMoreThanSixDecimals()
    {
        assertEquals(FixDecimals.INVALID, FixDecimals.toPrice(new DecimalFloat(990_000_001, 7)));
    }

    @Test
    void shouldRefuseFractionalQuantitiesAndOverflow()
    {
        assertEquals(10L, FixDecimals.toQuantity(new DecimalFloat(100, 1)));
        assertEquals(FixDecimals.INVALID, FixDecimals.toQuantity(new DecimalFloat(15, 1)));
        assertEquals(FixDecimals.INVALID, FixDecimals.rescale(Long.MAX_VALUE / 10, 0, 6));
    }
}
