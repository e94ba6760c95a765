package io.kairos.access;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;

/**
 * Key material decoded from the PEM files' bytes: the certificate chain, its private key (checked to match the first
 * certificate, so that a rotation caught half-way, new certificate and old key, is refused rather than served) and
 * the client CAs. Immutable; a bad file is an {@link IllegalArgumentException} that says which file and why.
 *
 * @param chain     the server's certificate first
 * @param key       the private key of {@code chain[0]}
 * @param clientCas the CAs client certificates must chain to; empty when mutual TLS is off
 */
record TlsMaterial(List<X509Certificate> chain, PrivateKey key, List<X509Certificate> clientCas)
{
    private static final String PKCS8_BEGIN = "-----BEGIN PRIVATE KEY-----";
    private static final String PKCS8_END = "-----END PRIVATE KEY-----";
    private static final byte[] PROBE = "kairos key/certificate match probe".getBytes(StandardCharsets.US_ASCII);

    /**
     * @param certName  the certificate file's name, for messages
     * @param certPem   its bytes
     * @param keyName   the key file's name
     * @param keyPem    its bytes
     * @param caName    the client-CA file's name, or null
     * @param caPem     its bytes, or null when mutual TLS is off
     */
    static TlsMaterial decode(
        final String certName, final byte[] certPem, final String keyName, final byte[] keyPem, final String caName,
        final byte[] caPem)
    {
        final List<X509Certificate> chain = certificates(certName, certPem);
        final PrivateKey key = privateKey(keyName, keyPem);
        if (!matches(key, chain.get(0)))
        {
            throw new IllegalArgumentException(keyName + " is not the private key of the first certificate in " +
                certName + " (" + chain.get(0).getSubjectX500Principal() + ")");
        }
        final List<X509Certificate> cas = caPem == null ? List.of() : certificates(caName, caPem);
        return new TlsMaterial(chain, key, cas);
    }

    /** The served certificate's subject and serial, for log lines. */
    String describe()
    {
        final X509Certificate first = chain.get(0);
        return "subject '" + first.getSubjectX500Principal() + "' serial " + first.getSerialNumber().toString(16) +
            " valid until " + first.getNotAfter().toInstant();
    }

    private static List<X509Certificate> certificates(final String name, final byte[] pem)
    {
        try
        {
            final List<X509Certificate> certificates = CertificateFactory.getInstance("X.509")
                .generateCertificates(new ByteArrayInputStream(pem)).stream()
                .map(X509Certificate.class::cast).toList();
            if (certificates.isEmpty())
            {
                throw new IllegalArgumentException(name + " holds no PEM certificate");
            }
            return certificates;
        }
        catch (final CertificateException e)
        {
            throw new IllegalArgumentException(name + " is not a PEM certificate chain: " + e.getMessage(), e);
        }
    }

    private static PrivateKey privateKey(final String name, final byte[] pem)
    {
        final String text = new String(pem, StandardCharsets.US_ASCII);
        final int begin = text.indexOf(PKCS8_BEGIN);
        final int end = text.indexOf(PKCS8_END);
        if (begin < 0 || end < begin)
        {
            throw new IllegalArgumentException(name + " holds no unencrypted PKCS#8 key ('" + PKCS8_BEGIN + "')" +
                (text.contains("RSA PRIVATE KEY") || text.contains("EC PRIVATE KEY") ?
                "; it is PKCS#1/SEC1: convert with 'openssl pkcs8 -topk8 -nocrypt', or with cert-manager set " +
                "privateKey.encoding: PKCS8" : ""));
        }
        final byte[] der;
        try
        {
            der = Base64.getMimeDecoder().decode(text.substring(begin + PKCS8_BEGIN.length(), end));
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException(name + " is not valid base64 PEM: " + e.getMessage(), e);
        }
        for (final String algorithm : List.of("RSA", "EC", "Ed25519", "Ed448"))
        {
            try
            {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            }
            catch (final GeneralSecurityException notThisAlgorithm)
            {
                // try the next
            }
        }
        throw new IllegalArgumentException(name + " is not an RSA, EC or EdDSA PKCS#8 private key");
    }

    private static boolean matches(final PrivateKey key, final X509Certificate certificate)
    {
        final String algorithm = switch (key.getAlgorithm())
        {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            default -> key.getAlgorithm();
        };
        try
        {
            final Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(PROBE);
            final byte[] signature = signer.sign();
            final Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(PROBE);
            return verifier.verify(signature);
        }
        catch (final GeneralSecurityException e)
        {
            return false;
        }
    }
}
