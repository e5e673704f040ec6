#!/bin/bash
# System test, group `box`: the real `peach run` with audio into snd-aloop (recorded), the emulated
# USB MIDI keyboard plugged (the box says the mode, then trains), played, switched to pitch matching
# by a chord of keys (said too), unplugged mid-note and replugged, then SIGTERM. A Swift suite
# (BoxSystemTests) then checks the recording and the history, on the host (run.sh).
# host-checks: BoxSystemTests
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PEACH=$ROOT/.build/debug/peach
export XDG_CACHE_HOME=$OUT/cache XDG_CONFIG_HOME=$OUT/config
# SQLite's WAL needs shared memory maps, which the 9p share does not offer: the history lives in the
# guest's tmpfs, and is copied into the results for the checks once peach has ended.
export PEACH_BOX_DATA=/tmp/peach-box-data
# Appends "NAME MICROSECONDS" to the timeline the Swift checks read.
mark() { echo "$1 $(now_us)" >> "$OUT/timeline.txt"; }

modprobe snd-seq; modprobe snd-aloop || { echo "FAIL: modprobe snd-aloop"; exit 1; }
setup_keyboard
waitfor /proc/asound/cards Loopback 60 "the loopback sound card" || exit 1
: > "$OUT/timeline.txt"
cat > "$OUT/config.yaml" <<CONFIG
language: en
training:
  note-duration: 1.0
audio:
  device: hw:Loopback,0,0
  period-frames: 4096   # 341 ms: the debug build, emulated, stalls ~200 ms when a controller connects
  periods: 4
CONFIG
# Calibrate the default sound first (a debug build under emulation is slow at it).
calibrate || fail "calibration"

# --mode: the player chose, so the first plug-in trains at once (an empty history would otherwise
# begin with the spoken tour, which the practice-box unit tests cover).
"$PEACH" run --config "$OUT/config.yaml" --data-dir "$PEACH_BOX_DATA" --mode compare --log-level debug > "$OUT/peach.log" 2>&1 &
peach=$!
waitfor "$OUT/peach.log" 'MIDI input ready' 180 "peach run to be ready" || { cat "$OUT/peach.log"; exit 1; }
arecord -q -D hw:Loopback,1,0 -f S16_LE -r 48000 -c 2 --buffer-time=4000000 --period-time=100000 "$OUT/box.wav" 2> "$OUT/arecord.log" &
recorder=$!
started=$(capture_start_us /proc/asound/Loopback/pcm1c/sub0/status) || { sed 's/^/  arecord: /' "$OUT/arecord.log"; exit 1; }
echo "recording-started $started" >> "$OUT/timeline.txt"

# Idle CPU first: the box waits for a controller with its output open and its prompts made, nothing
# sounds (measured from MIDI input ready, the figure took in the output's opening and the prompts'
# synthesis: 41-100 %).
waitfor "$OUT/peach.log" 'audio output hw:' 120 "the audio output to open" || fail "the audio output did not open"
# The dashboard's live status names the device and its buffer (4 × 4096 frames: 341.3 ms).
waitfor "$PEACH_BOX_DATA/live-status" 'audio: hw:Loopback,0,0, 4 × 4096 frames \(341\.3 ms\)$' 30 "the buffer in the live status" \
  || fail "the live status does not show the audio buffer"
waitfor "$OUT/peach.log" 'spoken prompts ready \([1-9]' 120 "the spoken prompts to be made (by peach speak)" || fail "the spoken prompts were not made"
read -r -a before < /proc/$peach/stat; t0=$(now_us); nap 5
read -r -a after < /proc/$peach/stat; t1=$(now_us)
ticks=$(( after[13] + after[14] - before[13] - before[14] ))
permille=$(( ticks * 10000000 / (t1 - t0) ))
echo "FIGURE: idle CPU of peach run, ready and waiting for a controller (debug build, emulated): $((permille / 10)).$((permille % 10)) % of one core"

# Plug: the box says the mode, then training starts in compare (first run).
mark plug
plug_keyboard
waitfor "$OUT/peach.log" 'controller VMTest Keys.*with mapping' 60 "the keyboard to be taken" || fail "the keyboard was not connected"
waitfor "$OUT/peach.log" 'saying "Hear and compare, single notes' 60 "the mode to be said" || fail "the mode was not said at the plug"
waitcount "$OUT/peach.log" 'starting compare' 1
# Answer 1, after note 2 has ended: a key at or above middle C (C5) = higher.
nap 2.4; send '90 48 64 80 48 00'
waitcount "$OUT/peach.log" 'comparison .* answered higher' 1
# Answer 2: a key below middle C (C3) = lower.
nap 1.8; send '90 30 64 80 30 00'
waitcount "$OUT/peach.log" 'comparison .* answered lower' 1
# Answer 3: a flick of the wheel up and back = higher.
nap 1.8; send 'E0 7F 7F E0 00 60 E0 00 40'
waitcount "$OUT/peach.log" 'comparison .* answered higher' 2
# Answer 4: a flick down = lower.
nap 1.8; send 'E0 00 00 E0 00 20 E0 00 40'
waitcount "$OUT/peach.log" 'comparison .* answered lower' 2

# A chord on E (E3 G3 B3 struck together; the keyboard has keys and a wheel only) = Tune & Match,
# said before it starts. Tune up to +3000, back to +2000 and hold there (the held value is not the
# largest excursion), then let the wheel spring back to the centre.
mark chord
send '90 34 64 90 37 64 90 3B 64'
send '80 34 00 80 37 00 80 3B 00'
waitcount "$OUT/peach.log" 'saying "Tune and match, single notes' 1
waitcount "$OUT/peach.log" 'starting match' 1
nap 1.4
send 'E0 68 47 E0 50 4F E0 38 57'   # +1000, +2000, +3000 (value + 8192, LSB then MSB)
nap 0.3
send 'E0 50 4F'                     # back to +2000, held
nap 0.8
send 'E0 68 47 E0 00 40'            # +1000, centre: the snap back
waitcount "$OUT/peach.log" 'pitch matching .* error' 1

# The next exercise: after its reference note the wheel starts the tunable note, which sounds until
# committed; unplug while it sounds.
nap 2.2
send 'E0 68 47'
nap 0.6; mark unplug
unplug_keyboard
waitfor "$OUT/peach.log" 'controller VMTest Keys disconnected' 60 "the unplug to be reported" || fail "the unplug was not reported"
mark unplug-reported
nap 2
kill -0 $peach 2>/dev/null || fail "peach run ended after the unplug"

# Replug: training starts again, in the last-used mode (Tune & Match).
mark replug
plug_keyboard
waitcount "$OUT/peach.log" 'controller VMTest Keys.*with mapping' 2 60
waitcount "$OUT/peach.log" 'starting match' 2 || fail "the replug did not start the last-used mode"

# SIGTERM while the tunable note sounds.
nap 2.2
send 'E0 68 47'
nap 0.6; mark sigterm
kill -TERM $peach
wait $peach; rc=$?
[ $rc -eq 0 ] && echo "RESULT: SIGTERM → exit 0" || fail "peach run exited $rc on SIGTERM"
grep -q 'stopping pitch-matching training: shutting down' "$OUT/peach.log" || fail "SIGTERM did not stop training through the interruption path"
nap 1
kill $recorder 2>/dev/null; wait $recorder 2>/dev/null
# Marks on the recording's timeline hold only if arecord lost no frames (its 4 s buffer is for that).
if grep -q overrun "$OUT/arecord.log"; then
  fail "the recording lost frames, so its timeline does not match the guest's clock (arecord: $(head -n 1 "$OUT/arecord.log")); the host was too busy"
fi
"$PEACH" history --data-dir "$PEACH_BOX_DATA" --json > "$OUT/history.json" || fail "the history does not open after SIGTERM"
cp -r "$PEACH_BOX_DATA" "$OUT/data" || fail "the history could not be copied into the results"
cat "$OUT/peach.log"
exit $status
