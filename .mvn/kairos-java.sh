# shellcheck shell=sh
# Kairos' one Java lookup (POSIX sh, sourced; defines functions and one variable, runs nothing). Used by
# ./mvnw (through .mvn/select-jdk.sh), by the distribution's launchers bin/kairos-server, bin/latency-tool and
# bin/fix-load (the assembly ships this file as lib/kairos-java.sh) and by the bench scripts.
#
#   kairos_find_java [jdk]   prints the java binary to run: $JAVA_HOME's if it is >= 21, else the newest
#                            >= 21 under ${KAIROS_JDK_SEARCH_PATH:-/usr/lib/jvm}, else `java` on the PATH if it
#                            is >= 21; returns 1 when there is none. With "jdk" only JDKs count (javac next
#                            to java): Maven compiles.
#   kairos_java_feature JAVA prints the feature release of a java binary (e.g. 25), or nothing.
#   kairos_no_java_message   the message for "none found", naming where it looked.
#   $kairos_jvm_flags        the --add-opens/--add-exports/--enable-native-access flags every Kairos JVM needs.

kairos_java_feature() {
  "$1" -XshowSettings:properties -version 2>&1 |
    sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
}

# kairos_java_fits JAVA [jdk]: JAVA is executable, >= 21 and (with jdk) has javac beside it.
kairos_java_fits() {
  [ -x "$1" ] || return 1
  if [ "${2-}" = jdk ] && [ ! -x "${1%/*}/javac" ]; then return 1; fi
  kairos_jf_v=$(kairos_java_feature "$1")
  [ "${kairos_jf_v:-0}" -ge 21 ] 2>/dev/null
}

kairos_find_java() {
  if [ -n "${JAVA_HOME-}" ] && kairos_java_fits "$JAVA_HOME/bin/java" "${1-}"; then
    echo "$JAVA_HOME/bin/java"; return 0
  fi
  kairos_fj_best=""; kairos_fj_best_v=0
  # callers may run with noglob (mvnw does: set -f); the search needs the glob, then the setting comes back
  case $- in *f*) kairos_fj_noglob=1 ;; *) kairos_fj_noglob="" ;; esac
  set +f
  for kairos_fj_d in "${KAIROS_JDK_SEARCH_PATH:-/usr/lib/jvm}"/*; do
    kairos_java_fits "$kairos_fj_d/bin/java" "${1-}" || continue
    if [ "$kairos_jf_v" -gt "$kairos_fj_best_v" ]; then
      kairos_fj_best="$kairos_fj_d/bin/java"; kairos_fj_best_v=$kairos_jf_v
    fi
  done
  if [ -n "$kairos_fj_noglob" ]; then set -f; fi
  if [ -n "$kairos_fj_best" ]; then echo "$kairos_fj_best"; return 0; fi
  kairos_fj_path=$(command -v java 2>/dev/null) || return 1
  if [ "${1-}" = jdk ] && ! command -v javac >/dev/null 2>&1; then return 1; fi
  kairos_java_fits "$kairos_fj_path" && echo "$kairos_fj_path"
}

kairos_no_java_message() {
  echo "needs Java >= 21: set JAVA_HOME to a JDK 21+ (none found in JAVA_HOME," \
    "${KAIROS_JDK_SEARCH_PATH:-/usr/lib/jvm} or PATH)"
}

# The flags every Kairos JVM needs (Agrona, Aeron, Netty reach into the JDK); the parent pom's kairos.jvm.flags.
# shellcheck disable=SC2034 # used by the scripts that source this file
kairos_jvm_flags="--add-exports java.base/jdk.internal.misc=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED \
--add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/jdk.internal.misc=ALL-UNNAMED \
--enable-native-access=ALL-UNNAMED"
