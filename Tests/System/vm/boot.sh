#!/bin/bash
# Boots one throw-away system-test guest and runs one command in it, as root, in the current
# directory; the guest's console goes to stdout.
#   boot.sh [--systemd] [--timeout S] OUTDIR CMD [ARG...]
# OUTDIR is mounted read-write at its own path in the guest (results, recordings); every other
# guest write is lost. Exit status: CMD's (0-127), 124 when the guest ran out of time (or twice did
# not start within PEACH_VM_BOOT_LIMIT s, 180), 125 when it ended without reporting one (a panic, a
# failed mount). Environment variables named in
# PEACH_VM_ENV pass into the guest. PEACH_VM_ACCEL=kvm|tcg overrides the accelerator choice;
# PEACH_VM_SMP sets the guest's CPUs (2), PEACH_VM_MEM its memory in MB (1536).
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
VM_DIR=${VM_DIR:-$HERE/../../../.build/vm}
init=plain; timeout=${PEACH_VM_TIMEOUT:-600}
while [ $# -gt 0 ]; do
  case $1 in
    --systemd) init=systemd; shift;;
    --timeout) timeout=$2; shift 2;;
    *) break;;
  esac
done
[ $# -ge 2 ] || { echo "usage: $0 [--systemd] [--timeout S] OUTDIR CMD [ARG...]" >&2; exit 2; }
mkdir -p "$1"; out=$(cd "$1" && pwd); shift
[ -s "$VM_DIR/initramfs.gz" ] || { echo "boot: no guest in $VM_DIR; run Tests/System/vm/prepare.sh" >&2; exit 2; }
VM_DIR=$(cd "$VM_DIR" && pwd); kdir=$VM_DIR/kernel; kv=$(cat "$kdir/version")

# The command, its directory and environment, in a directory of this boot's own: guests that run at
# the same time share OUTDIR.
ctl=$(mktemp -d "$out/.guest.XXXXXX"); trap 'rm -rf "$ctl"' EXIT
printf '%q ' "$@" > "$ctl/cmd"; pwd > "$ctl/cwd"
for v in ${PEACH_VM_ENV:-}; do [ -n "${!v+set}" ] && printf 'export %s=%q\n' "$v" "${!v}"; done > "$ctl/env"

# KVM only when the CPU itself offers it: a /dev/kvm backed by paravirtual nesting (kvm_pvm on
# Firecracker-style hosts, no vmx/svm flag) cannot boot Debian's kernel; it hangs in early boot.
accel=${PEACH_VM_ACCEL:-auto}; why="PEACH_VM_ACCEL=$accel"
if [ "$accel" = auto ]; then
  if [ ! -w /dev/kvm ]; then accel=tcg; why="no usable /dev/kvm"
  elif ! grep -qwE 'vmx|svm' /proc/cpuinfo; then accel=tcg; why="/dev/kvm is there but the CPU has no vmx/svm (nested paravirtual KVM)"
  elif [ -d /sys/module/kvm_pvm ]; then accel=tcg; why="/dev/kvm is kvm_pvm, which needs a PVM guest kernel"
  else accel=kvm; why="hardware KVM"; fi
fi
if [ "$accel" = kvm ]; then acc=(-accel kvm -cpu host); what="KVM"
else acc=(-accel tcg,thread=multi -cpu max); what="software emulation (TCG), ~10-100x slower"; fi
echo "boot: $what — $why; init $init, kernel $kv, timeout ${timeout}s" >&2

cmdline="console=ttyS0 loglevel=3 panic=-1 rdinit=/init 8250.nr_uarts=1 i8042.noaux i8042.nokbd
 tsc=reliable no_timer_check mitigations=off random.trust_cpu=on
 peach.modules=$kdir/root/lib/modules peach.out=$out peach.ctl=${ctl##*/} peach.stage2=$HERE/stage2.sh peach.init=$init"
[ $init = systemd ] && cmdline+=" systemd.unit=peach-guest.target systemd.show_status=error systemd.log_level=warning systemd.firstboot=0"

# The console passes through watch_console, which marks the guest's first line ("guest: running",
# guest-run.sh). A guest that has not said it within $boot_limit s (its uptime then is 4-14 s) hung
# in its boot: seen once under TCG, nothing on the console for 600 s with QEMU busy. It is stopped
# and booted once more instead of waiting out the group's whole timeout.
boot_limit=${PEACH_VM_BOOT_LIMIT:-180}
watch_console() {
  local l
  while IFS= read -r l || [ -n "$l" ]; do
    printf '%s\n' "$l"
    [[ $l == "guest: running"* ]] && : > "$ctl/running"
  done
}
for attempt in 1 2; do
  rm -f "$ctl/running"
  timeout -k 5 "$timeout" qemu-system-x86_64 "${acc[@]}" -M q35 -smp "${PEACH_VM_SMP:-2}" -m "${PEACH_VM_MEM:-1536}" \
    -nodefaults -no-user-config -display none -no-reboot -serial stdio \
    -kernel "$kdir/root/boot/vmlinuz-$kv" -initrd "$VM_DIR/initramfs.gz" -append "$(echo $cmdline)" \
    -fsdev local,id=host,path=/,security_model=none,readonly=on,multidevs=remap \
    -device virtio-9p-pci,fsdev=host,mount_tag=host \
    -fsdev local,id=out,path="$out",security_model=none,multidevs=remap \
    -device virtio-9p-pci,fsdev=out,mount_tag=out \
    -device isa-debug-exit,iobase=0xf4,iosize=0x04 </dev/null > >(watch_console) &
  # timeout runs QEMU in a process group of its own: pass a stop on to it, so no guest is left behind.
  qemu=$!; trap 'kill $qemu 2>/dev/null' INT TERM HUP
  deadline=$((SECONDS + boot_limit))
  while [ ! -e "$ctl/running" ] && kill -0 $qemu 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 1; done
  if [ ! -e "$ctl/running" ] && kill -0 $qemu 2>/dev/null; then
    kill $qemu 2>/dev/null; wait $qemu
    echo "boot: the guest did not start within ${boot_limit}s (no 'guest: running' on its console)" >&2
    [ $attempt -eq 1 ] && { echo "boot: booting it once more" >&2; continue; }
    exit 124
  fi
  wait $qemu; q=$?
  break
done
case $q in
  124|137) echo "boot: the guest did not finish within ${timeout}s" >&2; exit 124;;
esac
# isa-debug-exit makes QEMU exit with 2·status+1; any even code means the guest never reported.
[ $((q % 2)) -eq 1 ] && exit $(( (q - 1) / 2 ))
echo "boot: the guest ended (QEMU exit $q) without reporting a status; see the console above" >&2
exit 125
