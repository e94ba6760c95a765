# Sourced by .ci/run before `./mvnw -B verify` (needs its log, apt_install and SUDO): a Docker engine and
# local base images for it-tests ContainerImageIT, which builds the repository's Dockerfile and runs it.
#
# These machines reach Debian's package mirror and a Maven repository, but no public image registry, so:
#   - the engine is Debian's docker.io, started here with no bridge network (containers get the host's
#     network namespace, loopback only; no iptables rules to touch);
#   - kairos-ci/debian:bookworm is a debootstrapped minimal Debian (the RUNTIME_IMAGE);
#   - kairos-ci/jdk:<feature> is that Debian plus binutils plus the host's JDK >= 21 (the JDK_IMAGE). The JDK
#     is copied, not a Debian package: bookworm's newest JDK is 17, and the JDK ./mvnw builds with here is
#     the one worth testing. Symbolic links are followed, so the JDK's cacerts is this host's trust store.
# Idempotent: a running engine and images already present are reused. Exports what ContainerImageIT reads:
#   CONTAINER_IT_JDK_IMAGE, CONTAINER_IT_RUNTIME_IMAGE  base images (build arguments of the Dockerfile)
#   CONTAINER_IT_PREBUILT_DIST=true  package the distribution `./mvnw verify` has just built and tested
#                                    instead of compiling it again in the image (which needs no network then)
#   TESTCONTAINERS_RYUK_DISABLED     Ryuk's image is on Docker Hub; the test removes its own container
#   TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1  this machine has a /.dockerenv, so Testcontainers would look for the
#                                    engine's address on its bridge network, which --bridge=none leaves out

docker_ci_debian_image=kairos-ci/debian:bookworm
docker_ci_mirror=${KAIROS_CI_DEBIAN_MIRROR:-http://deb.debian.org/debian}
docker_ci_dockerd_log=${KAIROS_CI_DOCKERD_LOG:-/var/log/kairos-dockerd.log}

docker_ci_start_engine() {
  if docker info >/dev/null 2>&1; then
    log "docker engine already running ($(docker version --format '{{.Server.Version}}'))"
    return 0
  fi
  log "starting dockerd (no bridge network), log in $docker_ci_dockerd_log"
  $SUDO sh -c "nohup dockerd --bridge=none --iptables=false --ip-masq=false >>'$docker_ci_dockerd_log' 2>&1 &"
  local _
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && return 0
    sleep 1
  done
  tail -n 30 "$docker_ci_dockerd_log" >&2
  echo "dockerd did not answer within 60 s" >&2
  return 1
}

docker_ci_has_image() {
  docker image inspect "$1" >/dev/null 2>&1
}

# A minimal Debian (debootstrap --variant=minbase: dpkg, coreutils, passwd, dash), imported as one layer.
docker_ci_debian() {
  docker_ci_has_image "$docker_ci_debian_image" && return 0
  local start=$SECONDS root
  root=$(mktemp -d /var/tmp/kairos-ci-rootfs.XXXXXX)
  log "debootstrap bookworm from $docker_ci_mirror -> $docker_ci_debian_image"
  $SUDO debootstrap --variant=minbase bookworm "$root" "$docker_ci_mirror" >"$root.log" 2>&1 ||
    { tail -n 30 "$root.log" >&2; return 1; }
  $SUDO rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
  $SUDO tar -C "$root" -c . | docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["/bin/bash"]' - "$docker_ci_debian_image" >/dev/null
  $SUDO rm -rf "$root" "$root.log"
  echo "base image $docker_ci_debian_image made in $((SECONDS - start)) s"
}

# The Debian image plus the JDK ./mvnw selects (.mvn/select-jdk.sh), at the path and with the variables of
# the eclipse-temurin images. Sets CONTAINER_IT_JDK_IMAGE (a variable, not output: errexit does not reach
# into a command substitution).
docker_ci_jdk() {
  local jdk feature image start=$SECONDS context
  jdk=$(. .mvn/select-jdk.sh && echo "$JAVA_HOME")
  feature=$("$jdk/bin/java" -XshowSettings:properties -version 2>&1 |
    sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1)
  image="kairos-ci/jdk:$feature"
  CONTAINER_IT_JDK_IMAGE=$image
  docker_ci_has_image "$image" && return 0
  context=$(mktemp -d /var/tmp/kairos-ci-jdk.XXXXXX)
  mkdir "$context/jdk"
  tar -C "$jdk" -ch . | tar -C "$context/jdk" -x
  cat >"$context/Dockerfile" <<EOF
FROM $docker_ci_debian_image
# jlink --strip-debug needs objcopy, as in the eclipse-temurin images
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends binutils && rm -rf /var/lib/apt/lists/*
COPY jdk /opt/java/openjdk
ENV JAVA_HOME=/opt/java/openjdk \\
    PATH=/opt/java/openjdk/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
EOF
  # host network: apt reaches the Debian mirror as the host does (there is no bridge network)
  docker build -q --network=host -t "$image" "$context" >/dev/null
  rm -rf "$context"
  echo "base image $image (JDK $jdk) made in $((SECONDS - start)) s"
}

apt_install docker.io debootstrap
docker_ci_start_engine
docker_ci_started=$SECONDS
docker_ci_debian
docker_ci_jdk
echo "base images ready in $((SECONDS - docker_ci_started)) s: $CONTAINER_IT_JDK_IMAGE, $docker_ci_debian_image"
CONTAINER_IT_RUNTIME_IMAGE=$docker_ci_debian_image
CONTAINER_IT_PREBUILT_DIST=true
TESTCONTAINERS_RYUK_DISABLED=true
TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1
export CONTAINER_IT_JDK_IMAGE CONTAINER_IT_RUNTIME_IMAGE CONTAINER_IT_PREBUILT_DIST TESTCONTAINERS_RYUK_DISABLED \
  TESTCONTAINERS_HOST_OVERRIDE
