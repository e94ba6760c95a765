package io.kairos.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A test certificate authority made at test time with the JDK alone: {@code keytool} (of the JVM running the test)
 * makes the CA and signs leaf certificates (EC P-256, SAN 127.0.0.1 and localhost); this class writes what a TLS
 * listener reads (PEM chain, PKCS#8 PEM key, PEM CA bundle — a Kubernetes TLS Secret's {@code tls.crt}/{@code tls.key})
 * and what a Java client uses (PKCS12 key and trust stores, password {@link #PASSWORD}). Each instance is its own CA in
 * its own folder. Owned by one test thread; each call runs keytool (about a second each).
 */
public final class TestCertificates
{
    /** The password of every store this writes (and of their keys). */
    public static final String PASSWORD = "changeit";
    private static final long KEYTOOL_TIMEOUT_S = 60;

    private final Path dir;
    private final Path caStore;
    private final X509Certificate caCertificate;
    private int issued;

    private TestCertificates(final Path dir, final Path caStore, final X509Certificate caCertificate)
    {
        this.dir = dir;
        this.caStore = caStore;
        this.caCertificate = caCertificate;
    }

    /** A new CA named {@code CN=<caName>} with its files under {@code dir} (created if need be). */
    public static TestCertificates authority(final Path dir, final String caName)
    {
        try
        {
            Files.createDirectories(dir);
            final Path caStore = dir.resolve(caName + "-ca.p12");
            keytool("-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=" + caName, "-ext", "bc:c", "-validity", "3650", "-keystore", caStore.toString(), "-storetype",
                "PKCS12", "-storepass", PASSWORD, "-keypass", PASSWORD);
            final X509Certificate ca = (X509Certificate)load(caStore).getCertificate("ca");
            final TestCertificates authority = new TestCertificates(dir, caStore, ca);
            writePem(authority.caPem(), List.of(ca));
            final KeyStore trust = emptyStore();
            trust.setCertificateEntry("ca", ca);
            store(trust, authority.trustStore());
            return authority;
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
        catch (final GeneralSecurityException e)
        {
            throw new IllegalStateException(e);
        }
    }

    /** The CA's certificate in PEM (a client-CA bundle, or what a client trusts). */
    public Path caPem()
    {
        return dir.resolve("ca.pem");
    }

    /** A PKCS12 trust store holding the CA's certificate (password {@link #PASSWORD}). */
    public Path trustStore()
    {
        return dir.resolve("trust.p12");
    }

    /**
     * A new leaf certificate {@code CN=<commonName>} signed by this CA, with a fresh key and serial, written as
     * {@code <dir>/leaf-<n>.crt} (chain: leaf then CA), {@code .key} (PKCS#8 PEM) and {@code .p12} (key and chain).
     */
    public Leaf issue(final String commonName)
    {
        final String name = "leaf-" + ++issued;
        final Path keyStore = dir.resolve(name + ".p12");
        final Path csr = dir.resolve(name + ".csr");
        final Path signed = dir.resolve(name + ".signed.pem");
        try
        {
            keytool("-genkeypair", "-alias", "leaf", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=" + commonName, "-validity", "365", "-keystore", keyStore.toString(), "-storetype", "PKCS12",
                "-storepass", PASSWORD, "-keypass", PASSWORD);
            keytool("-certreq", "-alias", "leaf", "-keystore", keyStore.toString(), "-storepass", PASSWORD,
                "-file", csr.toString());
            keytool("-gencert", "-alias", "ca", "-keystore", caStore.toString(), "-storepass", PASSWORD,
                "-infile", csr.toString(), "-outfile", signed.toString(), "-rfc", "-validity", "365",
                "-ext", "SAN=ip:127.0.0.1,dns:localhost");
            final X509Certificate leaf;
            try (InputStream in = Files.newInputStream(signed))
            {
                leaf = (X509Certificate)CertificateFactory.getInstance("X.509").generateCertificate(in);
            }
            final KeyStore store = load(keyStore);
            final PrivateKey key = (PrivateKey)store.getKey("leaf", PASSWORD.toCharArray());
            store.setKeyEntry("leaf", key, PASSWORD.toCharArray(), new Certificate[] {leaf, caCertificate});
            store(store, keyStore);
            final Leaf result = new Leaf(dir.resolve(name + ".crt"), dir.resolve(name + ".key"), keyStore,
                leaf.getSerialNumber(), leaf.getSubjectX500Principal().getName());
            writePem(result.certPem(), List.of(leaf, caCertificate));
            Files.writeString(result.keyPem(), pem("PRIVATE KEY", key.getEncoded()), StandardCharsets.US_ASCII);
            return result;
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
        catch (final GeneralSecurityException e)
        {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A leaf certificate's files.
     *
     * @param certPem  PEM chain, leaf first
     * @param keyPem   PKCS#8 PEM private key
     * @param keyStore PKCS12 store with the key and chain under alias {@code leaf} (password {@link #PASSWORD})
     * @param serial   the certificate's serial number
     * @param subject  its subject, RFC 2253 ({@code CN=...})
     */
    public record Leaf(Path certPem, Path keyPem, Path keyStore, BigInteger serial, String subject)
    {
        /**
         * Copies this leaf's PEM files over {@code certTarget} and {@code keyTarget}, each by an atomic rename of a
         * complete copy (as a Kubernetes Secret volume swaps its files), key first.
         */
        public void installAs(final Path certTarget, final Path keyTarget)
        {
            replace(keyPem, keyTarget);
            replace(certPem, certTarget);
        }

        private static void replace(final Path source, final Path target)
        {
            try
            {
                final Path temporary = target.resolveSibling(target.getFileName() + ".tmp");
                Files.copy(source, temporary, StandardCopyOption.REPLACE_EXISTING);
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            catch (final IOException e)
            {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static void keytool(final String... arguments) throws IOException
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(arguments));
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try
        {
            final byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(KEYTOOL_TIMEOUT_S, TimeUnit.SECONDS) || process.exitValue() != 0)
            {
                throw new IOException("keytool " + String.join(" ", arguments) + " failed: " +
                    new String(output, StandardCharsets.UTF_8));
            }
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IOException("interrupted while running keytool", e);
        }
    }

    private static KeyStore load(final Path file) throws IOException, GeneralSecurityException
    {
        final KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file))
        {
            store.load(in, PASSWORD.toCharArray());
        }
        return store;
    }

    private static KeyStore emptyStore() throws IOException, GeneralSecurityException
    {
        final KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        return store;
    }

    private static void store(final KeyStore store, final Path file) throws IOException, GeneralSecurityException
    {
        try (OutputStream out = Files.newOutputStream(file))
        {
            store.store(out, PASSWORD.toCharArray());
        }
    }

    private static void writePem(final Path file, final List<X509Certificate> certificates)
        throws IOException, GeneralSecurityException
    {
        final StringBuilder text = new StringBuilder();
        for (final X509Certificate certificate : certificates)
        {
            text.append(pem("CERTIFICATE", certificate.getEncoded()));
        }
        Files.writeString(file, text, StandardCharsets.US_ASCII);
    }

    private static String pem(final String type, final byte[] der)
    {
        return "-----BEGIN " + type + "-----\n" +
            Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der) + "\n-----END " + type + "-----\n";
    }
}
