package io.kairos.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;

import org.junit.jupiter.api.Test;

class PasswordHashTest
{
    private static final int CHEAP = PasswordHash.MIN_ITERATIONS;

    @Test
    void shouldMatchThePasswordItWasMadeFromAndNoOther()
    {
        final PasswordHash hash = PasswordHash.create("client01pass".toCharArray(), CHEAP);
        assertTrue(hash.matches("client01pass".toCharArray(), 12));
        assertTrue(hash.matches("client01passXYZ".toCharArray(), 12), "only the first length characters count");
        assertFalse(hash.matches("client01pasS".toCharArray(), 12));
        assertFalse(hash.matches("client01pass1".toCharArray(), 13));
        assertFalse(hash.matches("client01pas".toCharArray(), 11));
        assertFalse(hash.matches(new char[0], 0));
    }

    @Test
    void shouldReadBackItsOwnStringForm()
    {
        final PasswordHash hash = PasswordHash.create("md01pass".toCharArray(), CHEAP);
        final String encoded = hash.encoded();
        assertTrue(encoded.startsWith("pbkdf2-sha256$1000$"), encoded);
        final PasswordHash read = PasswordHash.parse(encoded, "md.session.MD01.password-hash");
        assertEquals(encoded, read.encoded());
        assertTrue(read.matches("md01pass".toCharArray(), 8));
    }

    @Test
    void shouldSaltEachHashAfresh()
    {
        assertNotEquals(PasswordHash.create("same".toCharArray(), CHEAP).encoded(),
            PasswordHash.create("same".toCharArray(), CHEAP).encoded());
    }

    @Test
    void shouldNotMatchWhenTheStoredHashIsTamperedWith()
    {
        final String encoded = PasswordHash.create("secret".toCharArray(), CHEAP).encoded();
        final String[] parts = encoded.split("\\$");
        final byte[] hash = Base64.getDecoder().decode(parts[3]);
        hash[0] ^= 1;
        final String tampered = parts[0] + "$" + parts[1] + "$" + parts[2] + "$" +
            Base64.getEncoder().encodeToString(hash);
        assertFalse(PasswordHash.parse(tampered, "k").matches("secret".toCharArray(), 6));
        final String otherIterations = parts[0] + "$" + 1001 + "$" + parts[2] + "$" + parts[3];
        assertFalse(PasswordHash.parse(otherIterations, "k").matches("secret".toCharArray(), 6));
    }

    @Test
    void shouldRefuseMalformedHashesNamingTheKeyButNotTheValue()
    {
        final String key = "fix.session.CLIENT01.password-hash";
        final String salt = Base64.getEncoder().encodeToString(new byte[16]);
        final String hash = Base64.getEncoder().encodeToString(new byte[32]);
        for (final String bad : new String[] {"", "client01pass", "pbkdf2-sha256$1000$" + salt,
            "bcrypt$1000$" + salt + "$" + hash, "pbkdf2-sha256$x$" + salt + "$" + hash,
            "pbkdf2-sha256$999$" + salt + "$" + hash, "pbkdf2-sha256$1000$" + salt + "$not*base64",
            "pbkdf2-sha256$1000$" + Base64.getEncoder().encodeToString(new byte[4]) + "$" + hash,
            "pbkdf2-sha256$1000$" + salt + "$" + Base64.getEncoder().encodeToString(new byte[8])})
        {
            final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> PasswordHash.parse(bad, key), bad);
            assertTrue(ex.getMessage().startsWith(key), ex.getMessage());
            assertFalse(!bad.isEmpty() && ex.getMessage().contains(bad), ex.getMessage());
        }
    }

    @Test
    void shouldRefuseTooFewIterationsAndAnEmptyPassword()
    {
        assertThrows(IllegalArgumentException.class, () -> PasswordHash.create("x".toCharArray(), 999));
        assertThrows(IllegalArgumentException.class, () -> PasswordHash.create(new char[0], CHEAP));
    }

    @Test
    void shouldNeverPrintTheHashOrSalt()
    {
        final PasswordHash hash = PasswordHash.create("secret".toCharArray(), CHEAP);
        assertEquals("pbkdf2-sha256$1000$***", hash.toString());
        assertTrue(PasswordHash.looksLikeHash(hash.encoded()));
        assertFalse(PasswordHash.looksLikeHash("secret"));
    }
}
