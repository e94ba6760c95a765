package io.kairos.bench.fix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Callable;

import io.kairos.testsupport.TestCertificates;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fix-load tls-files}: a throw-away CA and a venue certificate for a TLS benchmark run (made with keytool,
 * {@link TestCertificates}): {@code tls.crt} and {@code tls.key} for the server's {@code fix.tls.*} keys and
 * {@code trust.p12} for {@code load --tls-trust}. Runs on the main thread.
 */
@Command(
    name = "tls-files",
    mixinStandardHelpOptions = true,
    description = {
        "Writes a throw-away CA and a venue certificate (SAN 127.0.0.1, localhost) for a TLS run:",
        "DIR/tls.crt and DIR/tls.key (PEM, for fix.tls.cert-file / fix.tls.key-file) and DIR/trust.p12",
        "(password changeit, for load --tls-trust)."})
public final class TlsFilesCommand implements Callable<Integer>
{
    @Option(names = "--out", required = true, description = "directory to write the files to")
    Path out;

    @Override
    public Integer call() throws IOException
    {
        final TestCertificates ca = TestCertificates.authority(out.resolve("ca"), "Kairos bench CA");
        final TestCertificates.Leaf venue = ca.issue("kairos-bench");
        venue.installAs(out.resolve("tls.crt"), out.resolve("tls.key"));
        Files.copy(ca.trustStore(), out.resolve("trust.p12"), StandardCopyOption.REPLACE_EXISTING);
        System.out.println("tls-files: " + out.resolve("tls.crt") + ", " + out.resolve("tls.key") + ", " +
            out.resolve("trust.p12") + " (" + venue.subject() + ")");
        return 0;
    }
}
