package io.kairos.engine;

import java.util.Arrays;

/**
 * The FIX code (one character of a tag's value) of each constant of an enum and the constant of each code, from one
 * definition: a string of the codes in the order the constants are declared. The enums {@link Side},
 * {@link OrderType}, {@link TimeInForce}, {@link OrdStatus} and {@link ExecType} keep one each. Immutable once built
 * (during the enum's class initialisation); any thread. Both lookups are array reads, allocation-free.
 *
 * @param <E> the enum
 */
final class FixCodes<E extends Enum<E>>
{
    /** FIX codes of the enums here are printable ASCII. */
    private static final int CODE_LIMIT = 128;

    private final char[] codeByOrdinal;
    private final E[] constantByCode;

    /**
     * @param constants the enum's {@code values()}
     * @param codes     the FIX code of each constant, in declaration order
     * @throws IllegalArgumentException unless there is one distinct ASCII code per constant (a bug in the enum, so
     *                                  it fails its class initialisation)
     */
    FixCodes(final E[] constants, final String codes)
    {
        if (codes.length() != constants.length)
        {
            throw new IllegalArgumentException(codes.length() + " codes for " + constants.length + " constants");
        }
        codeByOrdinal = codes.toCharArray();
        constantByCode = Arrays.copyOf(constants, CODE_LIMIT); // an E[] of the right length (no generic new E[])
        Arrays.fill(constantByCode, null);
        for (final E constant : constants)
        {
            final char code = codes.charAt(constant.ordinal());
            if (code >= CODE_LIMIT || constantByCode[code] != null)
            {
                throw new IllegalArgumentException("code '" + code + "' of " + constant + " is not ASCII or repeated");
            }
            constantByCode[code] = constant;
        }
    }

    char code(final E constant)
    {
        return codeByOrdinal[constant.ordinal()];
    }

    /** @return the constant of {@code code}, or null when no constant has it */
    E constant(final char code)
    {
        return code < CODE_LIMIT ? constantByCode[code] : null;
    }
}
