#!/bin/bash
# Registers qemu-user for a foreign architecture with the kernel (binfmt_misc), so that a root of
# that architecture runs under emulation. No systemd-binfmt runs on the build machines, so the
# registration is written by hand; the "F" flag makes the kernel hold the interpreter open, so it
# works inside a chroot too.
set -euo pipefail
arch=${1:?usage: binfmt.sh arm64}
case $arch in arm64) name=qemu-aarch64 ;; *) echo "binfmt.sh: no emulator known for $arch" >&2; exit 1 ;; esac
dir=/proc/sys/fs/binfmt_misc
[ -e $dir/register ] || mount -t binfmt_misc binfmt_misc $dir
[ -e $dir/$name ] && exit 0
conf=/usr/lib/binfmt.d/$name.conf
[ -f $conf ] || { echo "binfmt.sh: $conf is missing (apt-get install qemu-user-static)" >&2; exit 1; }
# The file's line is :name:type:offset:magic:mask:interpreter:flags.
line=$(grep -v '^#' $conf | head -1)
echo "$line" > $dir/register
echo "registered $name for $arch programs" >&2
