# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # sets variables for the launcher that sources it, which sets bench_home
# Sourced by the bench launchers: sets $java_cmd to a Java >= 21 and $kairos_jvm_flags to the flags every
# Kairos JVM needs (the parent pom's kairos.jvm.flags), both from Kairos' one Java lookup, .mvn/kairos-java.sh:
# $JAVA_HOME if it is >= 21, else the newest JDK >= 21 under /usr/lib/jvm (or $KAIROS_JDK_SEARCH_PATH), else
# `java` on the PATH if it is >= 21.

# shellcheck source=../../.mvn/kairos-java.sh
. "$bench_home/../.mvn/kairos-java.sh"
if ! java_cmd=$(kairos_find_java); then
  echo "$(basename "$0"): $(kairos_no_java_message)" >&2
  exit 1
fi

bench_jar="$bench_home/benchmarks/target/benchmarks.jar"
if [ ! -f "$bench_jar" ]; then
  echo "$(basename "$0"): $bench_jar is missing: build it with ./mvnw -B -q -pl bench/benchmarks -am package" \
    "-DskipTests" >&2
  exit 1
fi
