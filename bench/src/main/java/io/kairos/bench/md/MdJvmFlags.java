package io.kairos.bench.md;

/**
 * The JVM options every Kairos JVM needs (the parent pom's {@code kairos.jvm.flags}), as
 * constants for the JMH forks of the market-data benchmarks, so that they also run when
 * {@code benchmarks.jar} is started without {@code bench/bin/jmh}. Stateless.
 */
final class MdJvmFlags
{
    static final String ADD_EXPORTS_MISC = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED";
    static final String ADD_OPENS_NIO_CH = "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED";
    static final String ADD_OPENS_NIO = "--add-opens=java.base/java.nio=ALL-UNNAMED";
    static final String ADD_OPENS_MISC = "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED";

    private MdJvmFlags()
    {
    }
}
