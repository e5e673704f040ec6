#!/bin/bash
# Prepares the system-test guest in $VM_DIR (default .build/vm): Debian's own kernel, unpacked from
# its package (fetched with apt-get download, never installed on this machine), and a small
# initramfs (static busybox, the virtio/9p/overlay modules and Tests/System/vm/init).
# Idempotent: the kernel is fetched once; the initramfs is rebuilt only when its inputs change.
# The packages it uses (busybox-static, kmod, qemu-system-x86, …) come from `make deps`.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
VM_DIR=${VM_DIR:-$HERE/../../../.build/vm}
mkdir -p "$VM_DIR"; VM_DIR=$(cd "$VM_DIR" && pwd)
KDIR=$VM_DIR/kernel
say() { echo "system-test guest: $*"; }

# The kernel: linux-image-amd64 names the current ABI package (linux-image-6.1.0-N-amd64); the
# mirror keeps only the newest N, so a stale package list is refreshed once before giving up.
if [ ! -s "$KDIR/version" ]; then
  [ "$(dpkg --print-architecture)" = amd64 ] || { say "only amd64 hosts are supported (QEMU x86_64 guest)" >&2; exit 1; }
  resolve() { apt-cache depends linux-image-amd64 2>/dev/null | sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*\)$/\1/p' | head -1; }
  pkg=$(resolve)
  [ -n "$pkg" ] || { apt-get update -qq; pkg=$(resolve); }
  [ -n "$pkg" ] || { say "apt cannot resolve linux-image-amd64 to a kernel package" >&2; exit 1; }
  say "fetching $pkg (unpacked into $KDIR, not installed)"
  rm -rf "$KDIR"; mkdir -p "$KDIR/dl"
  # apt-get download runs as _apt when it can; the directory must be writable by it.
  chmod 777 "$KDIR/dl"
  (cd "$KDIR/dl" && apt-get download -qq "$pkg" 2>&1 | grep -v 'unsandboxed' || true)
  deb=$(ls "$KDIR"/dl/*.deb 2>/dev/null | head -1)
  [ -n "$deb" ] || { apt-get update -qq; (cd "$KDIR/dl" && apt-get download -qq "$pkg"); deb=$(ls "$KDIR"/dl/*.deb | head -1); }
  dpkg-deb -x "$deb" "$KDIR/root"
  rm -rf "$KDIR/dl"
  kv=$(ls "$KDIR/root/lib/modules")
  depmod -b "$KDIR/root" "$kv"
  echo "$kv" > "$KDIR/version"
fi
kv=$(cat "$KDIR/version")

# The initramfs, rebuilt when init or the kernel changed.
stamp="$kv $(sha1sum "$HERE/init" | cut -d' ' -f1)"
if [ ! -s "$VM_DIR/initramfs.gz" ] || [ "$(cat "$VM_DIR/initramfs.stamp" 2>/dev/null)" != "$stamp" ]; then
  tree=$(mktemp -d); trap 'rm -rf "$tree"' EXIT
  mkdir -p "$tree"/{bin,dev,proc,sys,host,rw,root,modules}
  cp /bin/busybox "$tree/bin/busybox"
  install -m 0755 "$HERE/init" "$tree/init"
  # The modules that mount the host's root, in dependency order.
  for m in virtio_pci 9pnet_virtio 9p overlay; do
    modprobe -d "$KDIR/root" -S "$kv" --show-depends "$m"
  done | awk '$1 == "insmod" && !seen[$2]++ { print $2 }' | while read -r ko; do
    cp "$ko" "$tree/modules/"; basename "$ko" >> "$tree/modules/order"
  done
  (cd "$tree" && find . | busybox cpio -o -H newc 2>/dev/null | gzip -1) > "$VM_DIR/initramfs.gz"
  echo "$stamp" > "$VM_DIR/initramfs.stamp"
  say "kernel $kv, initramfs $(du -h "$VM_DIR/initramfs.gz" | cut -f1) in $VM_DIR"
fi
