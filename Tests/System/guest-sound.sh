#!/bin/bash
# System test, group `sound`: the engine plays through ALSA into snd-aloop, the capture side is
# recorded with arecord, and a Swift suite measures the pitch of the recording (on the host, once
# the guest has ended: run.sh). Then the loopback card is unbound while a note plays (the output must
# report the failure) and bound again (it must report recovery).
# host-checks: SoundSystemTests
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PEACH=$ROOT/.build/debug/peach
export XDG_CACHE_HOME=$OUT/cache
status=0
modprobe snd-aloop || { echo "FAIL: modprobe snd-aloop"; exit 1; }
waitfor /proc/asound/cards Loopback 60 "the loopback sound card" || exit 1

# Calibrate first (debug build under emulation: slow), so the recording is not waiting on it.
calibrate || exit 1

# A4 +0.3 ct for 2.5 s into the loopback, recorded from before it starts until after it has ended:
# no fixed window, because a loaded, emulated guest may take many times the note's length to play it.
arecord -q -D hw:Loopback,1,0 -f S16_LE -r 48000 -c 2 --buffer-time=4000000 --period-time=100000 "$OUT/loopback.wav" &
recorder=$!
waitfor /proc/asound/Loopback/pcm1c/sub0/status 'state: RUNNING' 60 "arecord to start capturing" || status=1
start=$(now_us)
"$PEACH" play A4 --cents 0.3 --duration 2.5 --audio-device hw:Loopback,0,0 --period-frames 1024 --periods 4 > "$OUT/play.log" 2>&1
rc=$?
echo "FIGURE: peach play through ALSA took $(( ($(now_us) - start) / 1000 )) ms (2.5 s note)"
cat "$OUT/play.log"
[ $rc -eq 0 ] || { echo "FAIL: peach play exited $rc"; status=1; }
# peach play drained its buffer before exiting; the recording is complete once another half second
# of (silent) capture has reached the file, however long that takes.
size() { local s; s=$(stat -c %s "$OUT/loopback.wav" 2>/dev/null) && echo "$s" || echo 0; }
target=$(( $(size) + 48000 * 4 / 2 )); end=$(( $(now_us) + 60000000 ))
while [ "$(size)" -lt $target ] && [ $(now_us) -lt $end ]; do nap 0.2; done
[ "$(size)" -ge $target ] || { echo "FAIL: waited 60 s for the recording to pass the note's end; the file has $(size) bytes, expected $target"; status=1; }
kill -INT $recorder; wait $recorder   # arecord completes the WAV header on SIGINT

# The device goes away while a note plays, then comes back.
"$PEACH" play A4 --duration 8 --audio-device hw:Loopback,0,0 --period-frames 1024 --periods 4 > "$OUT/unplug.log" 2>&1 &
player=$!
waitfor "$OUT/unplug.log" '^Playing' 60 "the note to start" || status=1
nap 1
echo snd_aloop.0 > /sys/bus/platform/drivers/snd_aloop/unbind
if waitfor "$OUT/unplug.log" 'Audio output failed' 60 "the loss of the card to be reported"; then echo "RESULT: device loss reported"; else status=1; fi
nap 0.5
echo snd_aloop.0 > /sys/bus/platform/drivers/snd_aloop/bind
if waitfor "$OUT/unplug.log" 'Audio output recovered' 60 "the card's return to be reported"; then echo "RESULT: recovery reported"; else status=1; fi
wait $player || { echo "FAIL: peach play exited $? after the device came back"; status=1; }
cat "$OUT/unplug.log"
exit $status
