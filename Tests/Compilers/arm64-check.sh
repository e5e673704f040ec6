#!/bin/bash
# `make arm64-check`: Peach as a Raspberry Pi builds it, checked on this machine. In a Debian sid
# arm64 root under qemu-user (Tests/Compilers/debian-root.sh arm64, made once per machine), Debian's
# swiftlang builds Peach and its tests for aarch64 and runs the unit tests, and the aarch64 `peach
# play` renders notes into WAV files whose pitch this machine then measures natively
# (Tests/PeachSoundTests/ForeignBuildPitchTests.swift). Everything inside runs emulated: slow.
# Logs and the WAV files in .build/arm64-check.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); clone=$(cd "$here/../.." && pwd)
out=$clone/.build/arm64-check; rm -rf "$out"; mkdir -p "$out"
step() { echo "arm64-check: $*"; }
root=$("$here/debian-root.sh" arm64) || { step "FAILED: making the arm64 root"; exit 1; }
# The sources as they are now, copied (times kept, so an unchanged file is not compiled again) to a
# place that does not change while the emulated build runs.
source=$(dirname "$root")/arm64-source; mkdir -p "$source"
command -v rsync > /dev/null || apt-get install -y -qq rsync > /dev/null
# ARM64_CHECK_KEEP_SOURCE=1 checks the copy made last time again, as it is.
if [ -z "${ARM64_CHECK_KEEP_SOURCE:-}" ]; then
  (cd "$clone" && git ls-files -co --exclude-standard | sort) > "$out/files.txt"
  tr '\n' '\0' < "$out/files.txt" | (cd "$clone" && rsync -a --from0 --files-from=- ./ "$source/")
  # What the clone no longer has goes from the copy too (rsync's --delete does not act on a file list).
  (cd "$source" && find . -path ./.build-arm64-check -prune -o -type f -print | sed 's|^\./||' | sort) \
    | comm -13 "$out/files.txt" - | (cd "$source" && xargs -r -d '\n' rm -f --)
fi
mkdir -p "$source/.build-arm64-check"
inside() { PEACH_SOURCE=$source "$here/in-root.sh" "$root" bash -c "cd /peach && $1"; }
scratch=--scratch-path=/var/cache/peach-build

step "$(inside 'swift --version 2>&1 | head -1') on $(inside 'uname -m') under qemu-user, in $root"
step "building peach, peach-web and the tests (log: $out/build.log)"
# Without PeachWebTests (Package.swift says why; their routes are also tested end to end below).
inside "PEACH_WITHOUT_HTTP_CLIENT_TESTS=1 swift build --build-tests $scratch" > "$out/build.log" 2>&1 \
  || { tail -30 "$out/build.log"; step "FAILED: the build (see $out/build.log)"; exit 1; }
bin=$(inside "PEACH_WITHOUT_HTTP_CLIENT_TESTS=1 swift build $scratch --show-bin-path" | tail -1)
# The systemd unit's signal holder (plain C, static), where the tests find it beside the build.
inside "cc -static -O2 -Wall -Werror -o /var/cache/peach-build/peach-hold-signals udev/peach-hold-signals.c" \
  >> "$out/build.log" 2>&1 || { step "FAILED: building peach-hold-signals"; exit 1; }
for program in peach peach-web; do step "built $program: $(file -b "$root$bin/$program" | cut -d, -f1-2)"; done

step "rendering notes into WAV files with the aarch64 peach"
: > "$out/notes.txt"
while read -r note midi cents name; do
  inside "$bin/peach play $note --cents=$cents --duration 1.5 --sound SoundFonts/peach.sf2 --output .build-arm64-check/$name.wav" > "$out/play-$name.log" 2>&1 \
    || { cat "$out/play-$name.log"; step "FAILED: peach play $note --cents=$cents"; exit 1; }
  cp "$source/.build-arm64-check/$name.wav" "$out/" && echo "$midi $cents $name.wav" >> "$out/notes.txt"
done <<< $'A4 69 0.3 A4-up-0.3\nC4 60 -17.25 C4-down-17.25\nA2 45 0 A2\nC6 84 49.99 C6-up-49.99'
step "measuring their pitch on this machine"
PEACH_FOREIGN_BUILD_WAVS=$out "$clone/.build/debug/PeachPackageTests.xctest" --testing-library swift-testing \
  --filter ForeignBuildPitchTests > "$out/pitch.log" 2>&1; pitch=$?
grep -E 'FIGURE|passed|failed' "$out/pitch.log"
[ $pitch -eq 0 ] || { step "FAILED: the pitch of the aarch64 renders (see $out/pitch.log)"; exit 1; }

step "the same simulated listener and seed, trained and measured by both builds"
listener='psychometric: logistic\nslope: 2.5\nlapse: 0.02\nthresholds: {C2: 30, C4: 8, C6: 15}\nmatching: {bias: -3, spread: 6}\n'
printf "$listener" > "$source/.build-arm64-check/listener.yaml"; cp "$source/.build-arm64-check/listener.yaml" "$out/"
for mode in compare match; do
  simulate="simulate --listener .build-arm64-check/listener.yaml --mode $mode --trials 400 --seed 11 --days 4"
  inside "rm -rf .build-arm64-check/$mode && $bin/peach $simulate --data-dir .build-arm64-check/$mode > /dev/null \
    && $bin/peach profile --data-dir .build-arm64-check/$mode" > "$out/profile-$mode-arm64.txt" 2>&1
  (cd "$source" && rm -rf "$out/$mode" && "$clone/.build/debug/peach" ${simulate/--data-dir*/} --data-dir "$out/$mode" > /dev/null \
    && "$clone/.build/debug/peach" profile --data-dir "$out/$mode") > "$out/profile-$mode-x86_64.txt" 2>&1
  if cmp -s "$out/profile-$mode-arm64.txt" "$out/profile-$mode-x86_64.txt"; then
    step "  $mode: peach profile says the same on both ($(grep -c . "$out/profile-$mode-arm64.txt") lines)"
  else
    diff "$out/profile-$mode-x86_64.txt" "$out/profile-$mode-arm64.txt" | head -20
    step "FAILED: peach profile differs between aarch64 and $(uname -m) for $mode"; exit 1
  fi
done

# Left out under emulation, each for a reason that holds only under qemu-user (docs/development.md):
# the measurement's statistics over hundreds of simulated listeners (hours of floating-point work;
# they run natively in make test, and the profiles above show the aarch64 build measures exactly as
# this one does), and five tests of what qemu-user itself does in the program's place.
skip='ThresholdAccuracyTests|ProgressTrendTests|HugePagesTests|ProgramPagesTests|SpeechProcessTests/cannotStart|SpeechAnnouncerWarningTests/oneWarningPerReason|DashboardProgramTests/sameProcess'
step "left out under emulation, and why:
  ThresholdAccuracyTests, ProgressTrendTests: statistics over hundreds of simulated listeners, hours
    of floating-point work under qemu-user; they run natively in make test, and the profiles above
    show that the aarch64 build measures exactly as this one does.
  HugePagesTests: qemu-user does not pass prctl(PR_SET_THP_DISABLE) on to the kernel.
  ProgramPagesTests: qemu-user answers madvise(MADV_RANDOM) without passing it on.
  SpeechProcessTests/cannotStart, SpeechAnnouncerWarningTests/oneWarningPerReason: qemu-user runs
    posix_spawn's vfork as a fork, so a program that cannot start ends with status 127 instead of
    reporting ENOENT to its parent.
  DashboardProgramTests/sameProcess: /proc/PID/exe of an emulated process is qemu-aarch64-static.
  PeachWebTests, not built here: their HTTP client (AsyncHTTPClient) brings BoringSSL, 283 C++
    files that alone take over an hour under qemu-user; the dashboard's routes are tested here end
    to end (WebCommandTests and the other Dashboard… suites, through the aarch64 peach-web)."
step "running the other unit tests under emulation (log: $out/unit-tests.log)"
# The build folder is seen at /peach/.build as well (a bind mount): the tests find the repository's
# SoundFonts and mappings beside the programs, as in a clone.
inside "mkdir -p .build && mount --bind /var/cache/peach-build .build \
  && .build/debug/PeachPackageTests.xctest --testing-library swift-testing --skip '$skip'" > "$out/unit-tests.log" 2>&1; tests=$?
step "tests skipped here, each with its reason:"
sed 's/\x1b\[[0-9;]*m//g' "$out/unit-tests.log" | grep -E '^➜ .* skipped' | sed 's/^/  /'
sed 's/\x1b\[[0-9;]*m//g' "$out/unit-tests.log" | grep -E 'Test run with .* (passed|failed)' | tail -1
[ $tests -eq 0 ] || { sed 's/\x1b\[[0-9;]*m//g' "$out/unit-tests.log" | grep -E '^✘' | head -40; step "FAILED: unit tests (see $out/unit-tests.log)"; exit 1; }
step "passed"
