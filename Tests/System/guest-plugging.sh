#!/bin/bash
# System test, group `plugging`, with the real `peach run`:
# (d) two USB gadget keyboards with the same name: unplugging the idle one leaves training going and
#     the other one answering;
# (f) the output card unbound mid-note: training stops (no hang), and starts again from the controller
#     once the card is back. (g, the hot-plug cycles, is the group `hotplug`.)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PEACH=$ROOT/.build/debug/peach
export XDG_CACHE_HOME=$OUT/cache XDG_CONFIG_HOME=$OUT/config
LOG=$OUT/peach.log
answers() { count "$LOG" 'comparison .* answered'; }
# answer_from PORT: a key above middle C from that gadget, once the second note has sounded.
answer_from() { local before; before=$(answers); nap 1.8; amidi -p "$1" -S '90 48 64 80 48 00'; waitcount "$LOG" 'comparison .* answered' $((before + 1)) 30; }

modprobe snd-seq; modprobe snd-aloop || { echo "FAIL: modprobe snd-aloop"; exit 1; }
# Two emulated USB device controllers: the second keyboard, a twin of the first, goes on the second.
modprobe dummy_hcd num=2
setup_keyboard
TWIN=/sys/kernel/config/usb_gadget/midikbd2
mkdir -p $TWIN/strings/0x409 $TWIN/configs/c.1/strings/0x409 $TWIN/functions/midi.usb0
echo 0x1209 > $TWIN/idVendor; echo 0x0001 > $TWIN/idProduct
echo "vmtest" > $TWIN/strings/0x409/manufacturer
echo "$KEYBOARD_NAME" > $TWIN/strings/0x409/product
echo "0002" > $TWIN/strings/0x409/serialnumber
echo "MIDI" > $TWIN/configs/c.1/strings/0x409/configuration
echo GadgetMIDI2 > $TWIN/functions/midi.usb0/id
echo 1 > $TWIN/functions/midi.usb0/in_ports; echo 1 > $TWIN/functions/midi.usb0/out_ports
ln -s $TWIN/functions/midi.usb0 $TWIN/configs/c.1/
waitfor /proc/asound/cards Loopback 20 || exit 1
loopback_config "$OUT/config.yaml" 0.5
calibrate || fail "calibration"
: > "$LOG"
"$PEACH" run --config "$OUT/config.yaml" --data-dir /tmp/peach-plugging --log-level debug > "$LOG" 2>&1 &
peach=$!
waitfor "$LOG" 'MIDI input ready' 60 || { cat "$LOG"; exit 1; }

# (d) Twins.
plug_keyboard
waitcount "$LOG" 'controller VMTest Keys.*with mapping' 1 30
echo dummy_udc.1 > $TWIN/UDC
waitfor "$LOG" 'controller VMTest Keys .*#2 .*with mapping' 30 || fail "(d) the twin was not a controller of its own"
waitfor /proc/asound/cards GadgetMIDI2 20 || true
answer_from hw:GadgetMIDI,0
echo "" > $TWIN/UDC
waitfor "$LOG" 'controller disconnected: VMTest Keys #2' 20 || fail "(d) the twin's unplug was not reported"
nap 1
grep -q 'stopping comparison training: controller' "$LOG" && fail "(d) unplugging the idle twin stopped training"
answer_from hw:GadgetMIDI,0 && echo "RESULT: (d) the idle twin unplugged: training went on, the other keyboard still answers"

# (f) The output card lost mid-note, then back.
nap 0.3
echo snd_aloop.0 > /sys/bus/platform/drivers/snd_aloop/unbind
waitfor "$LOG" 'audio output failed' 10 || fail "(f) the card loss was not noticed"
waitfor "$LOG" 'stopping comparison training: audio' 10 || fail "(f) training did not stop"
kill -0 $peach || fail "(f) peach run ended"
echo snd_aloop.0 > /sys/bus/platform/drivers/snd_aloop/bind
waitfor "$LOG" 'audio output is back' 20 || fail "(f) the card's return was not noticed"
starts=$(count "$LOG" '\] starting compare')
amidi -p hw:GadgetMIDI,0 -S 'C0 00'
waitcount "$LOG" '\] starting compare' $((starts + 1)) 20 && echo "RESULT: (f) card lost mid-note: stopped; back: training again from the controller"

kill -TERM $peach; wait $peach; rc=$?
[ $rc -eq 0 ] || fail "exit $rc on SIGTERM"
exit $status
