# Peach for Linux — the two set-up commands are `make run` and `make test`.
# Both install what is missing on a Debian machine, build, and go.

SHELL := /bin/bash
SWIFT ?= swift
CONFIG ?= release
DEBIAN_PACKAGES := pkg-config libasound2-dev libfluidsynth-dev libsqlite3-dev libudev-dev
# SoundFonts the sound tests calibrate and play (TimGM6mb), and that `make bench` measures (FluidR3_GM).
TEST_PACKAGES := timgm6mb-soundfont
BENCH_PACKAGES := fluid-soundfont-gm
EXTRA_PACKAGES ?=
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
PEACH := .build/$(CONFIG)/peach
# Arguments for `make run`; `make run ARGS="--help"` passes others.
ARGS ?=

.PHONY: all deps build build-tests run test unit-test system-test bench soundfont clean

all: build

# Installs only the Debian packages that are missing; apt is retried once because a mirror
# hiccup on a fresh machine is common.
deps:
	@missing=""; \
	for p in $(DEBIAN_PACKAGES) $(EXTRA_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' "$$p" 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  for attempt in 1 2; do \
	    $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing && break; \
	    if [ $$attempt = 2 ]; then echo "apt-get failed twice; see the messages above" >&2; exit 1; fi; \
	    echo "apt-get failed; retrying once" >&2; sleep 5; \
	  done; \
	fi

# Builds and fails on any compiler warning in the project's own sources.
build: deps
	@set -o pipefail; $(SWIFT) build -c $(CONFIG) 2>&1 | tee .build-log.txt
	@! grep -E '^/.*/(Sources|Tests|Benchmarks)/.*: warning:' .build-log.txt || { echo "build has warnings (see above)" >&2; exit 1; }

run: build
	$(PEACH) $(ARGS)

# Every test: the unit tests on this machine, then the system tests in a QEMU guest with a real
# kernel (ALSA, udev, snd-aloop, an emulated USB MIDI keyboard).
test: unit-test system-test

# Target-specific: `deps`, run as their prerequisite, installs these too.
build-tests unit-test system-test test: EXTRA_PACKAGES = $(TEST_PACKAGES)
bench: EXTRA_PACKAGES = $(BENCH_PACKAGES)

build-tests: deps
	@set -o pipefail; $(SWIFT) build --build-tests 2>&1 | tee .build-log.txt
	@! grep -E '^/.*/(Sources|Tests|Benchmarks)/.*: warning:' .build-log.txt || { echo "build has warnings (see above)" >&2; exit 1; }

unit-test: build-tests
	$(SWIFT) test --skip-build --disable-xctest

system-test: build-tests
	Tests/System/run.sh

bench: deps
	$(SWIFT) build -c release --product peach-bench
	.build/release/peach-bench

# Rebuilds the default SoundFont from its tool; the same bytes every time (a unit test checks the
# committed file against a fresh one).
soundfont:
	$(SWIFT) build -c release --product peach-soundfont
	.build/release/peach-soundfont SoundFonts/peach.sf2

clean:
	rm -rf .build .build-log.txt
