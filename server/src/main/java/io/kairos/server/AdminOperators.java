package io.kairos.server;

import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Who may use the operator controls on the management port ({@code admin.operators}, and per operator
 * {@code admin.operator.<NAME>.token-hash}): each operator has a bearer token of their own, stored as its SHA-256, so
 * that every action is recorded with the name of who asked. None configured: the controls are off. Immutable; any
 * thread.
 *
 * @param tokenHashes operator name to the lower-case hex SHA-256 of their token, in configuration order
 */
public record AdminOperators(Map<String, String> tokenHashes)
{
    /** No operator: the controls answer 403. */
    public static final AdminOperators NONE = new AdminOperators(Map.of());

    /** The server key listing the operators; each one's token hash is {@link #tokenHashPropName}. */
    public static final String OPERATORS_PROP_NAME = "admin.operators";
    private static final String OPERATOR_PROP_PREFIX = "admin.operator.";
    private static final String TOKEN_HASH_FIELD = "token-hash";

    public AdminOperators
    {
        final Map<String, String> copy = new LinkedHashMap<>();
        tokenHashes.forEach((name, hash) ->
        {
            if (!MetricsSettings.isSha256Hex(hash))
            {
                // the value is not echoed: it may be the token itself
                throw new ConfigException(tokenHashPropName(name),
                    "must be the 64 hex digits of the token's SHA-256, never the token itself");
            }
            copy.put(name, hash.toLowerCase(java.util.Locale.ROOT));
        });
        tokenHashes = java.util.Collections.unmodifiableMap(copy);
    }

    public boolean enabled()
    {
        return !tokenHashes.isEmpty();
    }

    /**
     * The operator whose token {@code authorization} ("Bearer &lt;token&gt;") presents, or null. Compares against every
     * operator's hash in constant time, whatever matches, so the timing says nothing of which one did.
     */
    String operatorOf(final String authorization)
    {
        if (authorization == null || authorization.length() < 8 ||
            !authorization.regionMatches(true, 0, "Bearer ", 0, 7))
        {
            return null;
        }
        final byte[] presented = ManagementHandler.sha256(authorization.substring(7).trim());
        String operator = null;
        for (final Map.Entry<String, String> entry : tokenHashes.entrySet())
        {
            if (MessageDigest.isEqual(presented, HexFormat.of().parseHex(entry.getValue())) && operator == null)
            {
                operator = entry.getKey();
            }
        }
        return operator;
    }

    /** Never prints a hash. */
    @Override
    public String toString()
    {
        return "AdminOperators" + tokenHashes.keySet();
    }

    /** The server key of one operator's token hash: {@code admin.operator.<name>.token-hash}. */
    public static String tokenHashPropName(final String name)
    {
        return OPERATOR_PROP_PREFIX + name + "." + TOKEN_HASH_FIELD;
    }
}
