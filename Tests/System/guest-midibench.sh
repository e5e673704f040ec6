#!/bin/bash
# `make bench`'s MIDI input latency (the host has no sequencer): peach-bench --midi-flood floods
# Peach's input port with 2,000 pitch bends per second from a second sequencer client and prints
# FIGURE lines. The release build is used when there is one (make bench builds it).
source "$(dirname "$0")/lib.sh"
modprobe snd-seq || { echo "FAIL: cannot load snd-seq"; exit 1; }
BENCH=.build/release/peach-bench
[ -x "$BENCH" ] || BENCH=.build/debug/peach-bench
"$BENCH" --midi-flood || exit 1
# The tap path's jitter: a second client's note-ons into Peach's input thread, 20 a second, quiet
# and with a busy loop taking the other core.
"$BENCH" --tap-jitter
