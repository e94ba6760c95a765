package io.kairos.fix;

import java.nio.charset.StandardCharsets;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Qty, Price, UTCTimestamp and Symbol fields exactly as FIX spells them, and nothing else. */
class StrictFieldValidatorTest
{
    private final StrictFieldValidator validator = new StrictFieldValidator();

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "38=1e5; 38; 6",
        "38=1E5; 38; 6",
        "44=1..8.0.; 44; 6",
        "44=180..00; 44; 6",
        "44=1.8e2; 44; 6",
        "38= 5; 38; 6",
        "'38=5 '; 38; 6",
        "44=1e308; 44; 6",
        "38=1e25; 38; 6",
        "38=+5; 38; 6",
        "38=--5; 38; 6",
        "38=; 38; 4",
        "44=.; 44; 6",
        "44=-; 44; 6",
        "44=0x10; 44; 6",
        "44=1,5; 44; 6",
        "44=NaN; 44; 6",
        "44=Infinity; 44; 6",
        "110=1e2; 110; 6",
        "111=1.5e1; 111; 6",
        "38=1234567890123456789; 38; 5",
        "44=99999999999999999999.5; 44; 5",
        "44=1.000000000000000000000; 44; 5",
        "60=yesterday; 60; 6",
        "60=20261124-25:00:00; 60; 6",
        "60=20261324-10:00:00; 60; 6",
        "60=20260230-10:00:00; 60; 6",
        "60=20261124-10:60:00; 60; 6",
        "60=20261124-10:00:00.12; 60; 6",
        "60=20261124 10:00:00; 60; 6",
        "60=; 60; 4"})
    void shouldRejectWhatIsNotAPlainDecimalOrTimestampNamingTheTagAndReason(
        final String field, final int tag, final int reason)
    {
        assertFalse(validate("35=D|11=A|" + field + "|55=AAPL|"), field);
        assertEquals(tag, validator.invalidTag(), field);
        assertEquals(reason, validator.reason(), field);
    }

    @ParameterizedTest
    @ValueSource(strings = {"38=5", "38=100", "38=5.", "38=5.0", "38=0005", "44=180.00", "44=.5", "44=-1.25",
        "44=123456789012345678", "38=000000000000000000000001",
        "60=20261124-10:00:00", "60=20261124-10:00:00.123", "60=20261124-10:00:00.123456",
        "60=20261124-10:00:00.123456789", "60=20241231-23:59:60", "60=20240229-00:00:00"})
    void shouldAcceptPlainDecimalsAndTimestamps(final String field)
    {
        assertTrue(validate("35=D|11=A|" + field + "|55=AAPL|"), field + " -> " + validator.text());
    }

    @Test
    void shouldRejectASymbolLongerThan64CharactersAsAValueOutOfRange()
    {
        assertFalse(validate("35=D|55=" + "X".repeat(65) + "|38=1|"));
        assertEquals(55, validator.invalidTag());
        assertEquals(StrictFieldValidator.VALUE_IS_INCORRECT, validator.reason());
        assertTrue(validate("35=D|55=" + "X".repeat(64) + "|38=1|"));
    }

    @Test
    void shouldLeaveFieldsItDoesNotKnowToTheDecoder()
    {
        assertTrue(validate("35=D|58=1e5 ..|11=1..2|"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"18=G", "99=1e2", "126=tomorrow", "210=5", "9999=x", "100000=1", "48=US0378331005"})
    void shouldRefuseATagTheMessageMayNotCarryBeforeLookingAtItsValue(final String field)
    {
        assertFalse(validate("35=D|11=A|" + field + "|55=AAPL|"), field);
        assertEquals(Integer.parseInt(field.substring(0, field.indexOf('='))), validator.invalidTag(), field);
        assertEquals(StrictFieldValidator.TAG_NOT_DEFINED_FOR_MESSAGE, validator.reason(), field);
    }

    private boolean validate(final String message)
    {
        final byte[] bytes = message.replace('|', '\u0001').getBytes(StandardCharsets.US_ASCII);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[bytes.length + 8]);
        buffer.putBytes(4, bytes);
        return validator.validate(buffer, 4, bytes.length, OrderEntryTags.NEW_ORDER);
    }
}
