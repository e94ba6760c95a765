# Kairos venue image: build with the Maven wrapper, run on a jlink'd JRE as a non-root user.
#
#   docker build -t kairos:dev .
#   docker run --rm -p 9880:9880 -p 9881:9881 -p 9090:9090 kairos:dev
#
# Stages:
#   build   - ./mvnw package of the server module and what it needs -> server/target/kairos/
#             (default: compiled from source inside the image; see KAIROS_PREBUILT_DIST below)
#   jre     - jlink a minimal runtime: the modules jdeps finds in lib/*.jar plus JAVA_MODULES
#             (modules that are only reached by reflection or service loading)
#   runtime - RUNTIME_IMAGE (Ubuntu) + the JRE + the distribution; UID/GID 10001; no shell tools added
#
# Build arguments:
#   JDK_IMAGE       a JDK >= 21 with jlink, jdeps and jar on the PATH, and objcopy (binutils), which
#                   jlink --strip-debug runs (build and jre stages)
#   RUNTIME_IMAGE   a glibc Linux with /bin/sh, groupadd and useradd (runtime stage)
#   KAIROS_PREBUILT_DIST=true
#                   package the distribution that `./mvnw package` already built on the host
#                   (server/target/kairos, the one path under target/ that .dockerignore lets in)
#                   instead of compiling in the image. The default (false) builds from source and is
#                   what users want; CI uses true: the distribution it has just tested is the one worth
#                   shipping, and the image build then needs no network. (A source build works there
#                   too, with --network=host as the engine has no bridge network, and gives the same
#                   image: the jars are reproducible.) .ci/docker-engine.sh makes local base images
#                   (no public registry there) and it-tests ContainerImageIT builds this file with them:
#     docker build --build-arg JDK_IMAGE=kairos-ci/jdk:25 --build-arg RUNTIME_IMAGE=kairos-ci/debian:bookworm \
#                  --build-arg KAIROS_PREBUILT_DIST=true -t kairos:ci .
#
# Paths (also the Helm chart's contract):
#   /opt/kairos                       distribution (bin/, lib/, conf/), read-only
#   /etc/kairos/kairos.properties     config (image ships the default; mount a ConfigMap over /etc/kairos)
#   /var/lib/kairos                   journal, snapshots, FIX session state (mount a volume)

ARG JDK_IMAGE=eclipse-temurin:25-jdk-noble
ARG RUNTIME_IMAGE=ubuntu:24.04

FROM ${JDK_IMAGE} AS build
ARG KAIROS_PREBUILT_DIST=false
WORKDIR /src
COPY . .
# Plain RUN (no BuildKit-only cache mount): the image also builds with the classic builder.
# Tests run in CI, not in the image build. A source build starts from a clean server/target so that
# no stale jar of an earlier host build can end up in lib/.
RUN set -eu; \
    if [ "${KAIROS_PREBUILT_DIST}" = true ]; then \
      echo "build: packaging the prebuilt distribution server/target/kairos (KAIROS_PREBUILT_DIST=true)"; \
    else \
      rm -rf server/target; \
      ./mvnw -B -ntp -DskipTests -pl server -am package; \
    fi; \
    test -x server/target/kairos/bin/kairos-server

FROM ${JDK_IMAGE} AS jre
# Modules no static analysis finds: Unsafe (Agrona, Disruptor, Aeron), com.sun.management
# (GC and thread-allocation metrics), EC crypto (TLS if enabled), JNDI (InetAddress providers),
# jdk.net (TCP_QUICKACK and other extended socket options), JFR for production profiling,
# java.net.http (the `kairos-server admin` client; jdeps finds it too).
ARG JAVA_MODULES=java.base,java.logging,java.management,java.naming,java.xml,jdk.crypto.ec,java.net.http,jdk.jfr,jdk.management,jdk.management.jfr,jdk.net,jdk.unsupported
COPY --from=build /src/server/target/kairos/lib /tmp/lib
WORKDIR /tmp/classes
# jdeps cannot resolve a class path of named-module jars whose requirements are partly
# optional, so it reads the union of their classes with the module descriptors removed.
RUN set -eux; \
    for jar in /tmp/lib/*.jar; do jar xf "$jar"; done; \
    find . -name module-info.class -delete; \
    rm -rf META-INF/versions; \
    detected="$(jdeps --ignore-missing-deps --print-module-deps --multi-release 21 .)"; \
    echo "jdeps: ${detected}"; \
    jlink --add-modules "${JAVA_MODULES},${detected}" \
          --strip-debug --no-man-pages --no-header-files --compress=zip-6 \
          --output /opt/jre; \
    /opt/jre/bin/java --list-modules

FROM ${RUNTIME_IMAGE} AS runtime
ARG KAIROS_UID=10001
RUN groupadd --system --gid "${KAIROS_UID}" kairos \
 && useradd --system --uid "${KAIROS_UID}" --gid "${KAIROS_UID}" --home-dir /var/lib/kairos \
            --no-create-home --shell /usr/sbin/nologin kairos \
 && mkdir -p /etc/kairos /var/lib/kairos \
 && chown "${KAIROS_UID}:${KAIROS_UID}" /var/lib/kairos
COPY --from=jre /opt/jre /opt/java
COPY --from=build /src/server/target/kairos /opt/kairos
COPY --from=build /src/server/target/kairos/conf/kairos.properties /etc/kairos/kairos.properties
# In a container the network namespace is the boundary: listen on all interfaces,
# keep state under the data volume. Every KAIROS_* can be overridden at run time.
# The metrics port too, so that Prometheus and the kubelet's probes reach the pod's IP: close it with a
# NetworkPolicy (the chart renders one) and, for /metrics, KAIROS_METRICS_BEARER_TOKEN_HASH.
ENV JAVA_HOME=/opt/java \
    PATH=/opt/java/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    KAIROS_CONFIG=/etc/kairos/kairos.properties \
    KAIROS_FIX_BIND_ADDRESS=0.0.0.0 \
    KAIROS_MD_BIND_ADDRESS=0.0.0.0 \
    KAIROS_METRICS_BIND_ADDRESS=0.0.0.0 \
    KAIROS_JOURNAL_DIR=/var/lib/kairos/journal \
    KAIROS_SNAPSHOT_DIR=/var/lib/kairos/snapshots \
    KAIROS_FIX_DATA_DIR=/var/lib/kairos/fix
WORKDIR /var/lib/kairos
USER ${KAIROS_UID}:${KAIROS_UID}
VOLUME ["/etc/kairos", "/var/lib/kairos"]
# 9880 FIX order entry, 9881 FIX market data, 9090 metrics and health (HTTP)
EXPOSE 9880 9881 9090
# bin/kairos-server execs the JVM, so SIGTERM reaches it directly: journal flushed, sessions logged out.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/opt/kairos/bin/kairos-server"]
