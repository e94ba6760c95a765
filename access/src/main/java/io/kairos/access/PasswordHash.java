package io.kairos.access;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;

import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

import io.kairos.engine.ConfigValueException;

/**
 * A stored credential: a salted, slow hash of a password (PBKDF2 with HMAC-SHA256, the JDK's own), written
 * {@code pbkdf2-sha256$<iterations>$<salt, base64>$<hash, base64>}. {@link #matches} derives a key of the stored
 * hash's length from the candidate password and compares the two in constant time, so neither the candidate's length
 * nor where it differs shows in the time taken. Deriving a key is slow on purpose ({@value #DEFAULT_ITERATIONS}
 * iterations take tens of milliseconds): never call {@link #matches} or {@link #create} on a hot thread. Immutable and
 * thread-safe; never prints the hash or the salt.
 */
public final class PasswordHash
{
    /** The field of a session's key that holds its stored hash: {@code <door>.session.<ID>.password-hash}. */
    public static final String PROP_FIELD = "password-hash";
    /** The field of a clear-text password, no longer read: its presence is refused with how to convert it. */
    public static final String CLEAR_TEXT_PROP_FIELD = "password";

    /** The scheme name the string form starts with. */
    public static final String SCHEME = "pbkdf2-sha256";
    /** Iterations {@code kairos-server hash-password} uses by default: OWASP's recommendation for PBKDF2-SHA256. */
    public static final int DEFAULT_ITERATIONS = 600_000;
    /** The fewest iterations a stored hash may have (cheap hashes are for tests; production uses the default). */
    public static final int MIN_ITERATIONS = 1_000;
    /** The most iterations a stored hash may have (a bound on the time one logon check takes). */
    public static final int MAX_ITERATIONS = 10_000_000;
    /** Salt bytes of a new hash. */
    public static final int SALT_BYTES = 16;
    /** Derived-key bytes of a new hash. */
    public static final int HASH_BYTES = 32;
    private static final int MIN_SALT_BYTES = 16;
    private static final int MIN_HASH_BYTES = 16;
    private static final int MAX_BYTES = 64;
    private static final String ALGORITHM = "PBKDF2WithHmacSHA256";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final int iterations;
    private final byte[] salt;
    private final byte[] hash;

    private PasswordHash(final int iterations, final byte[] salt, final byte[] hash)
    {
        this.iterations = iterations;
        this.salt = salt;
        this.hash = hash;
    }

    /**
     * Hashes {@code password} with a fresh random salt. Slow (see the class comment); allocates.
     *
     * @throws IllegalArgumentException when {@code iterations} is outside [{@value #MIN_ITERATIONS},
     *                                  {@value #MAX_ITERATIONS}] or the password is empty
     */
    public static PasswordHash create(final char[] password, final int iterations)
    {
        requireIterations(iterations, "iterations");
        if (password.length == 0)
        {
            throw new IllegalArgumentException("the password must not be empty");
        }
        final byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        return new PasswordHash(iterations, salt, derive(password, password.length, salt, iterations, HASH_BYTES));
    }

    /**
     * Reads the string form. The message of a refusal names {@code key} and what is wrong, never the value.
     *
     * @throws ConfigValueException carrying {@code key} when {@code encoded} is not a valid {@value #SCHEME} hash
     */
    public static PasswordHash parse(final String encoded, final String key)
    {
        final String expected = "must be " + SCHEME + "$<iterations>$<salt base64>$<hash base64> " +
            "(make one with: kairos-server hash-password)";
        if (encoded == null || encoded.isBlank())
        {
            throw new ConfigValueException(key, expected + ", was empty");
        }
        final String[] parts = encoded.strip().split("\\$", -1);
        if (parts.length != 4 || !parts[0].equals(SCHEME))
        {
            throw new ConfigValueException(key, expected + ", was not in that form");
        }
        final int iterations;
        try
        {
            iterations = Integer.parseInt(parts[1]);
        }
        catch (final NumberFormatException ex)
        {
            throw new ConfigValueException(key, expected + ", its iterations are not a number", ex);
        }
        if (iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS)
        {
            throw new ConfigValueException(key, "iterations " + iterationsRange(iterations));
        }
        final byte[] salt = decode(parts[2], key, "salt");
        final byte[] hash = decode(parts[3], key, "hash");
        if (salt.length < MIN_SALT_BYTES || salt.length > MAX_BYTES)
        {
            throw new ConfigValueException(key, "salt must have " + MIN_SALT_BYTES + ".." + MAX_BYTES +
                " bytes, had " + salt.length);
        }
        if (hash.length < MIN_HASH_BYTES || hash.length > MAX_BYTES)
        {
            throw new ConfigValueException(key, "hash must have " + MIN_HASH_BYTES + ".." + MAX_BYTES +
                " bytes, had " + hash.length);
        }
        return new PasswordHash(iterations, salt, hash);
    }

    /** Whether {@code text} looks like a hash of this scheme (for telling a clear-text password from a hash). */
    public static boolean looksLikeHash(final String text)
    {
        return text != null && text.strip().startsWith(SCHEME + "$");
    }

    /**
     * Whether the first {@code length} characters of {@code password} are the password this hash was made from.
     * Slow, constant-time in the candidate; allocates. Any thread but a hot one.
     */
    public boolean matches(final char[] password, final int length)
    {
        final byte[] candidate = derive(password, length, salt, iterations, hash.length);
        final boolean same = MessageDigest.isEqual(candidate, hash);
        Arrays.fill(candidate, (byte)0);
        return same;
    }

    /** The iterations this hash was made with. */
    public int iterations()
    {
        return iterations;
    }

    /** The string form, {@code pbkdf2-sha256$<iterations>$<salt>$<hash>} (for the config file; never log it). */
    public String encoded()
    {
        final Base64.Encoder base64 = Base64.getEncoder().withoutPadding();
        return SCHEME + "$" + iterations + "$" + base64.encodeToString(salt) + "$" + base64.encodeToString(hash);
    }

    /** Never prints the salt or the hash. */
    @Override
    public String toString()
    {
        return SCHEME + "$" + iterations + "$***";
    }

    private static byte[] derive(
        final char[] password, final int length, final byte[] salt, final int iterations, final int bytes)
    {
        // PBEKeySpec refuses an empty password; an empty candidate is hashed as one NUL, which no stored
        // password (printable ASCII, non-empty) can be, so it costs the same and never matches
        final char[] chars = length == 0 ? new char[] {0} : Arrays.copyOf(password, length);
        final PBEKeySpec spec = new PBEKeySpec(chars, salt, iterations, bytes * Byte.SIZE);
        Arrays.fill(chars, '\0');
        try
        {
            return SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException(ALGORITHM + " is not available in this JDK", ex);
        }
        finally
        {
            spec.clearPassword();
        }
    }

    private static byte[] decode(final String base64, final String key, final String what)
    {
        try
        {
            return Base64.getDecoder().decode(base64.getBytes(StandardCharsets.US_ASCII));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ConfigValueException(key, what + " is not valid base64", ex);
        }
    }

    private static void requireIterations(final int iterations, final String what)
    {
        if (iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS)
        {
            throw new IllegalArgumentException(what + " " + iterationsRange(iterations));
        }
    }

    private static String iterationsRange(final int iterations)
    {
        return "must be in [" + MIN_ITERATIONS + ", " + MAX_ITERATIONS + "] (" + DEFAULT_ITERATIONS +
            " recommended), was " + iterations;
    }
}
