package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import io.kairos.access.TlsListenerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The doors' TLS keys: fix.tls-port / md.tls-port and their tls.* files. */
class TlsConfigTest
{
    @TempDir
    Path dir;

    @Test
    void shouldLeaveBothTlsListenersOffByDefault()
    {
        final KairosConfig config = KairosConfigLoader.load(null, Map.of());

        assertFalse(config.tls().fix().enabled());
        assertFalse(config.tls().md().enabled());
        assertTrue(ConfigPrinter.describe(config).contains("fix tls: off"));
    }

    @Test
    void shouldReadATlsListenerWithItsFiles() throws IOException
    {
        final Map<String, String> env = tls("FIX", "9443");
        env.put("KAIROS_FIX_TLS_CLIENT_CA_FILE", file("ca.pem").toString());

        final TlsListenerConfig fix = KairosConfigLoader.load(null, env).tls().fix();

        assertEquals(9443, fix.port());
        assertEquals(dir.resolve("tls.crt"), fix.certFile());
        assertEquals(dir.resolve("tls.key"), fix.keyFile());
        assertEquals(dir.resolve("ca.pem"), fix.clientCaFile());
        assertTrue(fix.mutual());
    }

    @Test
    void shouldTakeAnEmptyOrZeroPortAsOff() throws IOException
    {
        assertFalse(KairosConfigLoader.load(null, tls("MD", "0")).tls().md().enabled());
        assertFalse(KairosConfigLoader.load(null, tls("MD", "")).tls().md().enabled());
        assertNull(KairosConfigLoader.load(null, tls("MD", "")).tls().md().certFile());
    }

    @Test
    void shouldRefuseAPortWithoutItsCertificateOrKeyNamingTheMissingKey()
    {
        final ConfigException noCert = assertThrows(ConfigException.class,
            () -> KairosConfigLoader.load(null, Map.of("KAIROS_MD_TLS_PORT", "9444")));
        assertEquals("md.tls.cert-file", noCert.key());
        assertTrue(noCert.getMessage().contains("md.tls-port"), noCert.getMessage());
    }

    @Test
    void shouldRefuseAFileThatCannotBeRead() throws IOException
    {
        final Map<String, String> env = tls("FIX", "9443");
        env.put("KAIROS_FIX_TLS_KEY_FILE", dir.resolve("missing.key").toString());

        final ConfigException ex = assertThrows(ConfigException.class, () -> KairosConfigLoader.load(null, env));
        assertEquals("fix.tls.key-file", ex.key());
        assertTrue(ex.getMessage().contains("is not a readable file"), ex.getMessage());
    }

    @Test
    void shouldRefuseBadOrClashingPorts() throws IOException
    {
        assertEquals("fix.tls-port",
            assertThrows(ConfigException.class, () -> KairosConfigLoader.load(null, tls("FIX", "70000"))).key());
        assertEquals("fix.tls-port",
            assertThrows(ConfigException.class, () -> KairosConfigLoader.load(null, tls("FIX", "9881"))).key());
        final Map<String, String> both = tls("FIX", "9443");
        both.putAll(tls("MD", "9443"));
        assertEquals("fix.tls-port",
            assertThrows(ConfigException.class, () -> KairosConfigLoader.load(null, both)).key());
        assertEquals("md.tls-port",
            assertThrows(ConfigException.class, () -> KairosConfigLoader.load(null, tls("MD", "9880"))).key());
    }

    private Map<String, String> tls(final String door, final String port) throws IOException
    {
        final Map<String, String> env = new HashMap<>();
        env.put("KAIROS_" + door + "_TLS_PORT", port);
        env.put("KAIROS_" + door + "_TLS_CERT_FILE", file("tls.crt").toString());
        env.put("KAIROS_" + door + "_TLS_KEY_FILE", file("tls.key").toString());
        return env;
    }

    private Path file(final String name) throws IOException
    {
        final Path file = dir.resolve(name);
        if (!Files.exists(file))
        {
            Files.writeString(file, "PEM");
        }
        return file;
    }
}
