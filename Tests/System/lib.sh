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
# waitfor FILE REGEX [DEADLINE_S=20] [WHAT]: until a line of FILE matches REGEX. Deadlines are
# generous (a loaded 2-core host under software emulation is slow); a passed one names what was
# awaited and shows what was seen, and a wait that used more than half of its deadline is reported.
waitfor() {
  local f=$1 re=$2 secs=${3:-20} what=${4:-"'$2' in $1"} start=${EPOCHREALTIME/./} l
  local end=$(( start + secs * 1000000 ))
  while [ $(( ${EPOCHREALTIME/./} )) -lt $end ]; do
    if [ -f "$f" ]; then
      while IFS= read -r l; do [[ $l =~ $re ]] && { waited "$what" "$start" "$secs"; return 0; }; done < "$f"
    fi
    nap 0.05
  done
  echo "FAIL: waited $secs s for $what; it did not come. The last lines of $f:"
  tail -n 8 "$f" 2>/dev/null | sed 's/^/  | /'
  return 1
}
# waited WHAT START_US DEADLINE_S: reports a wait that came close to its deadline.
waited() {
  local ms=$(( (${EPOCHREALTIME/./} - $2) / 1000 ))
  [ $ms -gt $(( $3 * 500 )) ] && echo "WAITED: $(( ms / 1000 )).$(( ms % 1000 / 100 )) s of $3 s for $1"
  return 0
}
# probe_report NAME: an empty file for the xrun probe's report (xrun-probe/probe.c), in the guest's
# memory (/tmp: tmpfs under the overlay), not in $OUT. The probe writes from the audio thread it
# measures; a write to the 9p results directory held that thread in the kernel (0.2-0.4 ms on a quiet
# host, waiting on QEMU) at every 4 KB flush, about every 1.3 s at 128 x 2, and the realtime group's
# starts showed xruns 1.24-1.26 s apart. keep_probe_report REPORT copies it into $OUT afterwards.
probe_report() { local f=/tmp/probe-$1.txt; : > "$f"; echo "$f"; }
keep_probe_report() { cp "$1" "$OUT/" 2>/dev/null || :; }
# start_xrun_counts REPORT WINDOW_S BUFFER_NS: from a probe report, "XRUNS ERRORS WAITED": the
# underruns and the otherwise failed writes of the first WINDOW_S s after the first write, and how
# many of those underruns came at a write that had waited in ALSA longer than the whole buffer
# (BUFFER_NS: the program's next period was ready and the device did not wake it in time).
start_xrun_counts() {
  awk -v window=$(( $2 * 1000000000 )) -v buffer="$3" '$1 == "first" { first = $2 }
    ($1 == "xrun" || $1 == "error") && first != "" && $2 >= first && $2 - first <= window {
      if ($1 == "error") { e++; next }
      x++; if ($3 > buffer) w++
    }
    END { print x + 0, e + 0, w + 0 }' "$1"
}
# dummy_card: loads snd-dummy on a high-resolution timer and waits for its card. snd-aloop's clock
# runs on the kernel's 4 ms ticks (HZ 250) and cannot keep a 2.67 ms period: at 128 × 2 both programs
# wrote about 125 periods a second to it instead of 375, and its first tick after a start, often a
# tick or two late, drained the buffer while the writer waited with its next period ready.
dummy_card() {
  modprobe snd-dummy hrtimer=1 || { fail "modprobe snd-dummy"; return 1; }
  waitfor /proc/asound/cards Dummy 20 "snd-dummy's card"
}
# dummy_clock PERIOD: snd-dummy playing silence with that period on hw:Dummy,0,1 (the clock of a
# loopback card loaded with timer_source=Dummy.0.2: it moves a period at each of that stream's
# periods), in place of the one before; with no argument, just stops it and says how often it
# underran. Its feeder, aplay, runs at SCHED_FIFO 50 (above every normal thread, below both
# programs' audio threads: 70 and FluidSynth's 60) with 32 periods of buffer: at SCHED_OTHER with
# the measured buffer (2 × 128) it underran 217–258 times in a 128 × 2 run, each time stopping the
# clock; at 80 it cost Peach's measured periods about 30 µs each.
CLOCK=
dummy_clock() {
  if [ -n "$CLOCK" ]; then
    kill $CLOCK; wait $CLOCK
    echo "FIGURE: the loopback card's clock, period $CLOCK_PERIOD: its feeder underran $(grep -c underrun "$OUT/clock-$CLOCK_PERIOD.log") times"
    CLOCK=
  fi
  [ $# -eq 1 ] || return 0
  CLOCK_PERIOD=$1
  chrt -f 50 aplay -q -D hw:Dummy,0,1 -t raw -f S16_LE -c 2 -r 48000 --period-size="$1" --buffer-size=$(( $1 * 32 )) \
    /dev/zero > "$OUT/clock-$1.log" 2>&1 &
  CLOCK=$!
  waitfor /proc/asound/Dummy/pcm0p/sub1/status 'RUNNING' 30 "snd-dummy's clock at $1" || { cat "$OUT/clock-$1.log"; return 1; }
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
# What every group's script has: its verdict, failures that let it go on, MIDI from the keyboard.
status=0
fail() { echo "FAIL: $*"; status=1; }
send() { amidi -p hw:GadgetMIDI,0 -S "$1"; }
# status_kb PID FIELD: a kB field of the process's /proc status (VmRSS, VmHWM), 0 when it is gone.
# Builtins only: the guest has no /dev/fd for a process substitution.
status_kb() {
  local l
  while IFS= read -r l; do [[ $l =~ ^$2:[[:space:]]+([0-9]+) ]] && { echo "${BASH_REMATCH[1]}"; return; }; done < /proc/$1/status
  echo 0
}
# count FILE REGEX: how many lines of FILE match REGEX.
count() { local n=0 l; while IFS= read -r l; do [[ $l =~ $2 ]] && n=$((n + 1)); done < "$1"; echo $n; }
# waitcount FILE REGEX N [DEADLINE_S=60]: until REGEX has matched N lines; a failure shows the file's end.
waitcount() {
  local start=$(now_us) secs=${4:-60}; local end=$(( start + secs * 1000000 ))
  while [ $(now_us) -lt $end ]; do [ "$(count "$1" "$2")" -ge "$3" ] && { waited "$3 × '$2'" "$start" "$secs"; return 0; }; nap 0.1; done
  fail "waited $secs s for $3 × '$2' in $1; it did not come. Its last lines:"; tail -n 8 "$1" | sed 's/^/  | /'; return 1
}
# follow FILE: opens FILE for waitnext, which reads only the lines written since its last look (a
# long log read from the top at every look made 100 hot-plug cycles 153 s instead of 106).
follow() { exec {FOLLOWFD}< "$1"; FOLLOWED=$1 FOLLOWPART=; }
# waitnext REGEX [DEADLINE_S=30]: until a line written to the followed file since the last look
# matches REGEX (a line still being written waits for its end).
waitnext() {
  local start=$(now_us) secs=${2:-30} l; local end=$(( start + secs * 1000000 ))
  while [ $(now_us) -lt $end ]; do
    while IFS= read -r -u "$FOLLOWFD" l; do
      l=$FOLLOWPART$l FOLLOWPART=
      [[ $l =~ $1 ]] && { waited "'$1'" "$start" "$secs"; return 0; }
    done
    FOLLOWPART+=$l
    nap 0.05
  done
  fail "waited $secs s for '$1' in $FOLLOWED; it did not come. Its last lines:"; tail -n 8 "$FOLLOWED" | sed 's/^/  | /'; return 1
}
# loopback_config FILE [NOTE_DURATION]: peach's configuration for the guest: the loopback card with
# a buffer a debug build under emulation sustains (4 × 1024 frames), and no spoken prompts: they
# hold the next exercise back, and these groups time their keys from the exercises (the `box`
# group tests the voice).
loopback_config() {
  { [ -n "${2:-}" ] && printf 'training:\n  note-duration: %s\n' "$2"
    printf 'feedback:\n  voice: false\n'
    printf 'audio:\n  device: hw:Loopback,0,0\n  period-frames: 1024\n  periods: 4\n'; } > "$1"
}
# calibrate: the default sound's calibration into $XDG_CACHE_HOME. run.sh measures it once on the
# host (seconds there; a debug build under software emulation takes a minute over it); a group run
# without it calibrates in the guest.
calibrate() {
  local host=$(dirname "$OUT")/calibration/peach
  mkdir -p "$XDG_CACHE_HOME/peach"
  if [ -d "$host" ] && cp "$host"/calibration-* "$XDG_CACHE_HOME/peach/" 2>/dev/null; then return 0; fi
  "${PEACH:-$ROOT/.build/debug/peach}" play A4 --output "$OUT/calibrate.wav" > "$OUT/calibrate.log" 2>&1 \
    || { echo "FAIL: calibration:"; sed 's/^/  | /' "$OUT/calibrate.log"; return 1; }
}
# capture_start_us STATUS_FILE [RATE=48000]: when the running capture (arecord) read its first frame,
# on the now_us clock: now less the frames the card has captured (hw_ptr). Marks on a recording's
# timeline then stay right however late arecord got going on a loaded guest.
capture_start_us() {
  local start=$(now_us) l t frames= state= seen=
  while [ $(now_us) -lt $(( start + 60000000 )) ]; do
    t=$(now_us) frames= state=
    if [ -f "$1" ]; then
      while IFS= read -r l; do
        [[ $l =~ ^state:[[:space:]]*([A-Z]+) ]] && state=${BASH_REMATCH[1]}
        [[ $l =~ ^hw_ptr[[:space:]]*:[[:space:]]*([0-9]+) ]] && frames=${BASH_REMATCH[1]}
      done < "$1"
      seen=$(head -n 1 "$1" 2>/dev/null)
    fi
    if [ "$state" = RUNNING ] && [ -n "$frames" ]; then
      waited "the capture to run ($1)" "$start" 60 >&2
      echo $(( t - frames * 1000000 / ${2:-48000} )); return 0
    fi
    nap 0.05
  done
  echo "FAIL: the capture did not run within 60 s ($1 said: ${seen:-nothing})" >&2; return 1
}
