#!/bin/bash
# MIDI input in a real kernel: a virtual MIDI port (snd-virmidi) and the emulated USB keyboard are
# connected by themselves, their events reach the mapping layer in order, unplugging is reported and
# a replugged keyboard is recognised by name (MIDISystemTests drives the plugging). Then
# `peach devices` lists the ports with their mappings.
source "$(dirname "$0")/lib.sh"
modprobe snd-seq && modprobe snd-virmidi midi_devs=1 && modprobe snd-aloop || { echo "FAIL: cannot load snd-seq/snd-virmidi"; exit 1; }
setup_keyboard
status=0
run_swift_tests MIDISystemTests || status=1

plug_keyboard
waitfor /proc/asound/cards 'VMTest Keys' 30 || status=1
nap 1
.build/debug/peach devices > "$OUT/devices.txt" 2>&1 || { echo "FAIL: peach devices exited $?"; status=1; }
cat "$OUT/devices.txt"
waitfor "$OUT/devices.txt" 'VMTest Keys / VMTest Keys MIDI 1' 2 || status=1
waitfor "$OUT/devices.txt" 'Virtual Raw MIDI 0-0 / VirMIDI 0-0' 2 || status=1
waitfor "$OUT/devices.txt" 'mapping: Generic MIDI keyboard' 2 || status=1
waitfor "$OUT/devices.txt" 'hw:[0-9]+,0 +Loopback' 2 || status=1
[ $status = 0 ] && echo "RESULT: midi system tests passed"
exit $status
