package io.kairos.bench.md;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How the market-data benchmarks run, written once: sample mode, three 2 s warm-up and five 2 s
 * measurement iterations, two forks with the JVM options every Kairos JVM needs (the parent pom's
 * {@code kairos.jvm.flags}), so that they also run when {@code benchmarks.jar} is started without
 * {@code bench/bin/jmh}. JMH reads these annotations from the superclass (an annotation on the
 * benchmark class itself would win); each benchmark names its own state scope and time unit.
 * No state of its own.
 */
@BenchmarkMode(Mode.SampleTime)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"-XX:+UseParallelGC", MdBenchmark.ADD_EXPORTS_MISC, MdBenchmark.ADD_OPENS_NIO_CH,
    MdBenchmark.ADD_OPENS_NIO, MdBenchmark.ADD_OPENS_MISC})
public abstract class MdBenchmark
{
    static final String ADD_EXPORTS_MISC = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED";
    static final String ADD_OPENS_NIO_CH = "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED";
    static final String ADD_OPENS_NIO = "--add-opens=java.base/java.nio=ALL-UNNAMED";
    static final String ADD_OPENS_MISC = "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED";
}
