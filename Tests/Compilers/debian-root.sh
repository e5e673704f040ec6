#!/bin/bash
# Makes (once per machine) a Debian sid root with Debian's own Swift compiler (`swiftlang`) and the
# libraries Peach links, for building Peach with a second compiler:
#   Tests/Compilers/debian-root.sh ARCH        (amd64: native; arm64: under qemu-user)
# prints the root's path. Roots live outside the clone, in $PEACH_COMPILER_ROOTS (default
# /var/cache/peach-compilers/ARCH), because making one takes minutes (amd64 about 2, arm64 about 12
# under emulation) and every clone on the machine shares it. Not under /var/cache/peach: that is
# the installed service's cache directory, which systemd hands to the peach user. A root is complete only once
# its stamp file is written; an interrupted one is made again from the start.
set -euo pipefail
arch=${1:?usage: debian-root.sh amd64|arm64}
here=$(cd "$(dirname "$0")" && pwd)
base=${PEACH_COMPILER_ROOTS:-/var/cache/peach-compilers}
root=$base/$arch
# The packages a root needs: the compiler and the linker the manifest asks for, git and pkg-config
# for SwiftPM, and the -dev packages and sounds the Makefile installs on the host; g++ for the C++
# standard headers (swiftlang brings only gcc), which BoringSSL in swift-nio-ssl needs: PeachWebTests
# use HummingbirdTesting, which links AsyncHTTPClient.
packages="swiftlang lld g++ git make pkg-config ca-certificates $(make -s -C "$here/../.." print-debian-packages)"
# The stamp says what a finished root holds; a root made by another recipe is completed again.
recipe="$packages; _Testing_Foundation stand-in"
stamp=$root/.peach-root
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$recipe" ]; then echo "$root"; exit 0; fi

need() { command -v "$1" > /dev/null || missing+=" $2"; }
missing=""; need debootstrap debootstrap
[ "$arch" = "$(dpkg --print-architecture)" ] || need qemu-aarch64-static qemu-user-static
if [ -n "$missing" ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >&2
fi
[ "$arch" = "$(dpkg --print-architecture)" ] || "$here/binfmt.sh" "$arch" >&2

if [ ! -f "$root/.peach-debootstrap" ]; then
  rm -rf "$root"; mkdir -p "$root"
  echo "making a Debian sid root for $arch in $root" >&2
  debootstrap --arch="$arch" --variant=minbase sid "$root" http://deb.debian.org/debian >&2 \
    || { echo "debootstrap failed: see $root/debootstrap/debootstrap.log" >&2; exit 1; }
  touch "$root/.peach-debootstrap"
fi
echo "installing in the $arch root:$packages" >&2
# The sid reached from here may be a snapshot some weeks old: its Release file's validity is not checked.
"$here/in-root.sh" "$root" bash -c "export DEBIAN_FRONTEND=noninteractive; \
  apt-get -o Acquire::Check-Valid-Until=false update -qq && \
  apt-get -o Acquire::Check-Valid-Until=false install -y -qq --no-install-recommends $packages && apt-get clean" >&2
# Debian's swiftlang ships Swift Testing's Foundation overlay (_Testing_Foundation.swiftmodule) but
# not its library, so every test bundle that imports Testing and Foundation fails to link. Peach's
# tests use nothing from the overlay: an empty library stands in for it (a test that did use it
# would fail to link with the symbol's name, not pass).
"$here/in-root.sh" "$root" bash -c 'lib=$(dirname "$(find /usr/libexec/swift/lib/swift/linux -name libTesting.so | head -1)")
  [ -e "$lib/lib_Testing_Foundation.so" ] || cc -shared -x c /dev/null -o "$lib/lib_Testing_Foundation.so"' >&2
echo "$recipe" > "$stamp"
echo "$root"
