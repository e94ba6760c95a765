package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Runs every block of {@code matching-specs.txt} against a partition-0 matcher. */
class MatchingSpecificationTest
{
    record Spec(SelfTradePrevention stp, List<String> setup, List<String> commands, List<String> expected)
    {
    }

    static Stream<Arguments> specifications() throws IOException
    {
        final List<Arguments> specs = new ArrayList<>();
        String name = null;
        Spec spec = null;
        for (final String raw : read().split("\n"))
        {
            final String line = raw.strip();
            if (line.startsWith("### "))
            {
                if (spec != null)
                {
                    specs.add(Arguments.of(Named.of(name, spec)));
                }
                name = line.substring(4);
                spec = new Spec(SelfTradePrevention.OFF, new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
            }
            else if (line.isEmpty() || line.startsWith("#"))
            {
                continue;
            }
            else if (line.startsWith("@stp "))
            {
                spec =
                    new Spec(SelfTradePrevention.valueOf(line.substring(5)), spec.setup(), spec.commands(),
                    spec.expected());
            }
            else if (line.startsWith("+ "))
            {
                spec.setup().add(line.substring(2));
            }
            else if (line.startsWith("> "))
            {
                spec.commands().add(line.substring(2));
            }
            else
            {
                spec.expected().add(raw.stripTrailing());
            }
        }
        specs.add(Arguments.of(Named.of(name, spec)));
        return specs.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specifications")
    void shouldMatchAsSpecified(final Spec spec)
    {
        final EngineConfig config = TestInstruments.config().withSelfTradePrevention(spec.stp());
        final MatchingCore matcher = new MatchingCore(0, config, () -> 1_000L);
        final EventRecorder recorder = new EventRecorder();
        matcher.listener(recorder);
        final EngineCommand command = new EngineCommand();
        for (final String line : spec.setup())
        {
            matcher.apply(CommandScript.parse(line, config.instruments(), command));
        }
        recorder.drain();
        for (final String line : spec.commands())
        {
            matcher.apply(CommandScript.parse(line, config.instruments(), command));
        }
        assertEquals(String.join("\n", spec.expected()), String.join("\n", recorder.drain()));
    }

    private static String read() throws IOException
    {
        try (InputStream in = MatchingSpecificationTest.class.getResourceAsStream("/matching-specs.txt"))
        {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
    }
}
