#!/bin/bash
# Runs a command in a root made by debian-root.sh, in a mount namespace of its own (the mounts end
# with the command): /proc, /dev, /sys, the host's copies of the Swift packages at the same path
# (SwiftPM resolves offline through the same git rule as the host), and the clone at /peach
# ($PEACH_SOURCE instead, when set: a copy that does not change under a long build). The path inside
# is the same for every clone, so a build folder kept in the root stays valid from one to the next.
#   Tests/Compilers/in-root.sh ROOT COMMAND...
set -euo pipefail
root=${1:?usage: in-root.sh ROOT COMMAND...}; shift
src=${PEACH_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
exec unshare --mount --propagation private bash -c '
  set -e; root=$1 src=$2; shift 2
  mount -t proc proc "$root/proc"
  mount --rbind /dev "$root/dev"; mount --rbind /sys "$root/sys"
  mkdir -p "$root/peach" "$root/opt/swift-packages"
  mount --bind "$src" "$root/peach"
  [ -d /opt/swift-packages ] && mount --bind /opt/swift-packages "$root/opt/swift-packages"
  cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
  git_rule="[url \"/opt/swift-packages/\"]\n\tinsteadOf = https://github.com/\n[safe]\n\tdirectory = *\n"
  printf "$git_rule" > "$root/etc/gitconfig"
  exec chroot "$root" env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin LANG=C.UTF-8 "$@"
' in-root "$root" "$src" "$@"
