# Helpers for the guest scripts (sourced). Under software emulation every fork/exec costs
# 50-150 ms, so the polling helpers use bash builtins only.
set -u
OUT=${1:?usage: guest-GROUP.sh OUTDIR}
mkdir -p "$OUT"
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
TESTS_BUNDLE=$ROOT/.build/debug/PeachPackageTests.xctest
mkfifo /run/.nap 2>/dev/null; exec {NAPFD}<>/run/.nap
nap() { read -r -t "$1" -u "$NAPFD" _ || :; }
now_us() { echo $(( ${EPOCHREALTIME/./} )); }
# waitfor FILE REGEX [TIMEOUT_S=20]
waitfor() {
  local f=$1 re=$2 end=$(( ${EPOCHREALTIME/./} + ${3:-20}000000 )) l
  while [ $(( ${EPOCHREALTIME/./} )) -lt $end ]; do
    if [ -f "$f" ]; then while IFS= read -r l; do [[ $l =~ $re ]] && return 0; done < "$f"; fi
    nap 0.05
  done
  echo "FAIL: timeout waiting for '$re' in $f"; return 1
}
# Runs the Swift Testing suites whose names match $1 inside the guest (VM-only tests are enabled
# by PEACH_SYSTEM_TEST=1).
run_swift_tests() {
  PEACH_SYSTEM_TEST=1 PEACH_SYSTEM_TEST_OUT=$OUT "$TESTS_BUNDLE" --testing-library swift-testing --filter "$1"
}
# The emulated class-compliant USB MIDI keyboard (dummy_hcd + f_midi gadget). plug_keyboard and
# unplug_keyboard bind and unbind it; bytes written with `amidi -p hw:GadgetMIDI,0 -S '...'` travel
# over the emulated USB bus and arrive from the sequencer client "VMTest Keys".
KEYBOARD_NAME="VMTest Keys"
GADGET=/sys/kernel/config/usb_gadget/midikbd
setup_keyboard() {
  modprobe snd-usb-audio; modprobe dummy_hcd; modprobe usb_f_midi
  mountpoint -q /sys/kernel/config || mount -t configfs none /sys/kernel/config
  mkdir -p $GADGET/strings/0x409 $GADGET/configs/c.1/strings/0x409 $GADGET/functions/midi.usb0
  echo 0x1209 > $GADGET/idVendor; echo 0x0001 > $GADGET/idProduct
  echo "vmtest" > $GADGET/strings/0x409/manufacturer
  echo "$KEYBOARD_NAME" > $GADGET/strings/0x409/product
  echo "0001" > $GADGET/strings/0x409/serialnumber
  echo "MIDI" > $GADGET/configs/c.1/strings/0x409/configuration
  echo GadgetMIDI > $GADGET/functions/midi.usb0/id
  echo 1 > $GADGET/functions/midi.usb0/in_ports; echo 1 > $GADGET/functions/midi.usb0/out_ports
  ln -s $GADGET/functions/midi.usb0 $GADGET/configs/c.1/
}
plug_keyboard() { echo dummy_udc.0 > $GADGET/UDC; }
unplug_keyboard() { echo "" > $GADGET/UDC; }
