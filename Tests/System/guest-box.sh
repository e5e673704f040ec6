#!/bin/bash
# System test, group `box`: the real `peach run` with audio into snd-aloop (recorded) and an empty
# history; the emulated USB MIDI keyboard plugged: the spoken tour of the controls begins (the welcome,
# the higher step; a wrong press, explained, the step waiting for the right one; "Good." and the lower
# step), the stop control skips it mid-prompt, the box says the mode and trains.
# Played, switched to pitch matching by a chord of keys (said too), unplugged mid-note and replugged
# (with a history now: training at once, no tour), then SIGTERM. A Swift suite (BoxSystemTests) then
# checks the recording, the log and the history, on the host (run.sh).
# host-checks: BoxSystemTests
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PEACH=$ROOT/.build/debug/peach
export XDG_CACHE_HOME=$OUT/cache XDG_CONFIG_HOME=$OUT/config
# SQLite's WAL needs shared memory maps, which the 9p share does not offer: the history lives in the
# guest's tmpfs, and is copied into the results for the checks once peach has ended.
export PEACH_BOX_DATA=/tmp/peach-box-data
# Appends "NAME MICROSECONDS" to the timeline the Swift checks read.
mark() { echo "$1 $(now_us)" >> "$OUT/timeline.txt"; }
# quiet_moment WHAT: a moment in which peach says nothing new (the tour waits for a press): as long as
# the box took from the welcome's end to the next prompt (its words made by a peach speak of their own
# first), plus 1.5 s. A step that went on by itself would then be heard in it, and on the recording
# more than 0.3 s before the press's mark (the output's buffer is 341 ms).
quiet_moment() {
  local before; before=$(count "$OUT/peach.log" 'saying "')
  nap "$QUIET"
  [ "$(count "$OUT/peach.log" 'saying "')" -eq "$before" ] || fail "$1: something was said before the press: $(grep 'saying "' "$OUT/peach.log" | tail -n 1)"
}

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

# No --mode, and an empty history: the first plug-in begins with the spoken tour of the controls.
"$PEACH" run --config "$OUT/config.yaml" --data-dir "$PEACH_BOX_DATA" --log-level debug > "$OUT/peach.log" 2>&1 &
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

# Plug, with an empty history: the tour of the controls (generic mapping: stop is program 4). The
# host checks find each prompt on the recording against the marks, and the log's prompts in order.
mark plug
plug_keyboard
waitfor "$OUT/peach.log" 'controller VMTest Keys.*with mapping' 60 "the keyboard to be taken" || fail "the keyboard was not connected"
waitfor "$OUT/peach.log" 'saying "Welcome to Peach' 60 "the tour's welcome" || fail "the first plug-in did not begin the tour"
waitfor "$OUT/peach.log" 'said "Welcome to Peach' 30 "the welcome to be said"
t0=$(now_us)
waitfor "$OUT/peach.log" 'saying "When the second note is higher' 30 "the higher step's prompt" || fail "the tour did not ask for the higher control"
gap=$(( $(now_us) - t0 )); quiet=$(( gap + 1500000 ))
QUIET=$(( quiet / 1000000 )).$(printf '%06d' $(( quiet % 1000000 )))
echo "FIGURE: the welcome's end → the higher step's prompt (its words made meanwhile): $(( gap / 1000 )) ms; the tour's waits here: $QUIET s"
# The higher step, once its prompt has been heard: a wrong press (C3, lower) is explained, and the
# step waits again; nothing more is said until the right press (C5).
waitfor "$OUT/peach.log" 'said "When the second note is higher' 30 "the higher step's prompt to be said"
mark wrong-press
send '90 30 64 80 30 00'
waitfor "$OUT/peach.log" 'said "That was lower\. When the second note is higher' 60 "the wrong press to be explained" \
  || fail "the wrong press was not explained"
quiet_moment "the higher step after the wrong press"
mark higher-press
send '90 48 64 80 48 00'
waitfor "$OUT/peach.log" 'saying "Good\. When the second note is lower' 60 "the lower step after the right press" \
  || fail "the right press was not accepted"
# The lower step's first words (its prompt takes 7 s); then the stop control skips the tour at once,
# cutting the prompt off: the mode is said, and training starts.
nap 2.5
mark skip
t0=$(now_us)
send 'C0 04'
waitfor "$OUT/peach.log" 'starting compare' 30 "training to start once the tour is skipped" || fail "the skip did not start training"
ms=$(( ($(now_us) - t0) / 1000 ))
echo "FIGURE: tour skipped → training (the mode said, then 'starting compare' in the log): $ms ms"
# The mode's name takes 2.1 s; the host checks that it begins within 1.5 s of the skip on the recording.
[ $ms -le 8000 ] || fail "training started $ms ms after the skip, not at once"
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

# Replug, with a history now: training starts again at once (no tour), in the last-used mode (Tune & Match).
mark replug
plug_keyboard
waitcount "$OUT/peach.log" 'controller VMTest Keys.*with mapping' 2 60
waitcount "$OUT/peach.log" 'starting match' 2 || fail "the replug did not start the last-used mode"
[ "$(count "$OUT/peach.log" 'saying "Welcome to Peach')" -eq 1 ] || fail "the replug began the tour again"

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
