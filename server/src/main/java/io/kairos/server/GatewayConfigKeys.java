package io.kairos.server;

/**
 * Turns what a gateway's config record refuses ({@code FixGatewayConfig}, {@code FixSessionConfig},
 * {@code MarketDataGatewayConfig}, {@code MdSessionConfig}) into a {@link ConfigException} naming the key as
 * the operator's file spells it, with the value and where it came from. The records own the valid ranges; their
 * messages name the field first: {@code fix.port must be ...}, {@code session CLIENT01 password must be ...},
 * {@code md.sessions[MD01].password must be ...}. Stateless.
 */
final class GatewayConfigKeys
{
    private static final String PASSWORD = "password";

    private GatewayConfigKeys()
    {
    }

    /**
     * @param keyPrefix the keys of what was built: {@code fix.}, {@code md.}, or a session's
     *                  {@code fix.session.<ID>.} / {@code md.session.<ID>.}
     * @param message   the record's message
     */
    static ConfigException refusal(final PropertySource source, final String keyPrefix, final String message)
    {
        final String text = String.valueOf(message);
        final String gateway = keyPrefix.substring(0, keyPrefix.indexOf('.'));
        final boolean ofSession = keyPrefix.indexOf('.') < keyPrefix.length() - 1;
        final int space = text.indexOf(' ');
        String field = space < 0 ? text : text.substring(0, space);
        String detail = space < 0 ? "is refused" : text.substring(space + 1);
        if (ofSession && field.equals("drop-copy"))
        {
            // DropCopySessionConfig: "drop-copy session <CompID> <field> <detail>"
            final String[] words = detail.split(" ", 4);
            field = words.length > 2 ? words[2] : field;
            detail = words.length > 3 ? words[3] : detail;
        }
        else if (ofSession && field.equals("session"))
        {
            // FixSessionConfig: "session <CompID> <field> <detail>"
            final String[] words = detail.split(" ", 3);
            field = words.length > 1 ? words[1] : field;
            detail = words.length > 2 ? words[2] : detail;
        }
        else if (ofSession && field.contains("]."))
        {
            // MdSessionConfig: "md.sessions[<CompID>].<field> <detail>"
            field = field.substring(field.indexOf("].") + 2);
        }
        final String key;
        if (ofSession)
        {
            // a session's CompID and id come from the list, only its password from a key of its own
            final String list = keyPrefix.startsWith(gateway + ".drop-copy-session.") ?
                ".drop-copy-sessions" : ".sessions";
            key = field.equals(PASSWORD) ? keyPrefix + PASSWORD :
                field.equals("firms") ? keyPrefix + "firms" : gateway + list;
        }
        else
        {
            key = field.startsWith(keyPrefix) ? field : gateway;
            detail = field.startsWith(keyPrefix) ? detail : text;
        }
        if (key.endsWith(PASSWORD))
        {
            // never echo a password
            return new ConfigException(key, detail + " (set by " + source.origin(key) + ")");
        }
        final String value = String.valueOf(source.raw(key));
        // the record ends with ", was <value>", which source.bad says already
        final String echo = ", was " + value;
        return source.bad(key, value, detail.endsWith(echo) ? detail.substring(0, detail.length() - echo.length()) :
            detail);
    }
}
