# Peach for Linux — the two set-up commands are `make run` and `make test`.
# Both install what is missing on a Debian machine, build, and go.

SHELL := /bin/bash
SWIFT ?= swift
CONFIG ?= release
DEBIAN_PACKAGES := pkg-config libasound2-dev libfluidsynth-dev libglib2.0-dev libsqlite3-dev libudev-dev libespeak-ng-dev espeak-ng-data
# SoundFonts the sound tests calibrate and play (TimGM6mb, and FluidR3_GM, which `make bench` measures too);
# the browser the dashboard's browser test renders its pages in (chromium).
TEST_PACKAGES := timgm6mb-soundfont chromium fluid-soundfont-gm
BENCH_PACKAGES := fluid-soundfont-gm
# What the system-test guest needs on the host (Tests/System/vm): QEMU, a static busybox for its
# initramfs, kmod to resolve the kernel's modules, udev and systemd (the guest runs the host's own),
# alsa-utils (amidi, arecord) for the groups, and stock fluidsynth, the anchor Peach's starts and
# latency are compared with. The guest's kernel is Debian's, fetched with
# apt-get download and unpacked into .build/vm by Tests/System/vm/prepare.sh, never installed.
VM_PACKAGES := qemu-system-x86 busybox-static kmod udev systemd alsa-utils fluidsynth
# What `make deb` packages with (debhelper, checked by lintian), and what the `package` guest needs on
# the host root it runs: Avahi to announce the dashboard and browse for it, curl to ask it.
DEB_PACKAGES := debhelper lintian
PACKAGE_TEST_PACKAGES := avahi-daemon avahi-utils curl
EXTRA_PACKAGES ?=
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
PEACH := .build/$(CONFIG)/peach
# Release builds link the Swift runtime and Foundation into the binary: only the pages a process
# touches are resident, where the shared libraries cost every process about 5 MB more. Tests build
# debug. Every release build uses the same flags, or each would rebuild all.
RELEASE := -c release --static-swift-stdlib
BUILD := $(if $(filter release,$(CONFIG)),$(RELEASE),-c $(CONFIG))
# Arguments for `make run`; `make run ARGS="--help"` passes others.
ARGS ?= run

PREFIX ?= /usr/local
DESTDIR ?=
SYSCONFDIR ?= /etc
# Where the units, the udev rules and the dashboard's DNS-SD announcement go. The Debian package
# puts the first two under /lib (Packaging/debian/rules); Avahi reads only /etc/avahi/services.
SYSTEMD_UNIT_DIR ?= $(SYSCONFDIR)/systemd/system
UDEV_RULES_DIR ?= $(SYSCONFDIR)/udev/rules.d
AVAHI_SERVICE_DIR ?= $(SYSCONFDIR)/avahi/services
# Where the installed box's dashboard listens (web.listen in the configuration `make install` and the
# package write): every address, so a phone on the LAN reaches http://HOSTNAME.local:8080/ that Avahi
# announces. Any non-loopback address needs the access token for every page (docs/dashboard.md).
BOX_WEB_LISTEN ?= 0.0.0.0:8080

.PHONY: print-debian-packages all deps build build-tests second-compiler arm64-check run test unit-test system-test bench soundfont man install uninstall deb clean

all: build

# The packages a second compiler's root needs beside its compiler (Tests/Compilers/debian-root.sh):
# the libraries Peach links and the SoundFont its unit tests play.
print-debian-packages:
	@echo $(DEBIAN_PACKAGES) timgm6mb-soundfont

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

# Builds the two programs the box runs (`peach`, and `peach-web`, which `peach web` hands over to)
# and fails on any compiler warning in the project's own sources. Only these products: a plain
# `swift build` with a static standard library would also link the dependencies' dynamic
# libraries (GRDB's), which cannot be linked that way.
build: deps
	@set -o pipefail; { $(SWIFT) build $(BUILD) --product peach && \
	  $(SWIFT) build $(BUILD) --product peach-web && $(MAKE) --no-print-directory $(HOLD) && \
	  $(MAKE) --no-print-directory man; } 2>&1 | tee .build-log.txt
	@! grep -E '^/.*/(Sources|Tests|Benchmarks)/.*: warning:' .build-log.txt || { echo "build has warnings (see above)" >&2; exit 1; }

run: build
	$(PEACH) $(ARGS)

# Every test: the unit tests on this machine and the system tests in QEMU guests with a real kernel
# (ALSA, udev, snd-aloop, an emulated USB MIDI keyboard, systemd). Both always run. The unit tests
# run beside the first guest (the hot-plug group: together 304 s, one after the other about 360 s);
# their output follows the system tests'. The last line is "N passed, N failed" over both.
# `make system-test GROUPS="box midi"` runs some groups only.
GROUPS ?=
test: build-tests second-compiler
	$(PACKAGE_FOR_TESTS)
	@mkdir -p .build; rm -f .build/unit-tests.status; set -o pipefail; \
	{ $(SWIFT) test --skip-build --disable-xctest > .build/unit-tests.log 2>&1; echo $$? > .build/unit-tests.status; } & \
	Tests/System/run.sh $(GROUPS) 2>&1 | tee .build/system-tests.log; \
	wait; cat .build/unit-tests.log; \
	Tests/System/summary.sh "$$(cat .build/unit-tests.status 2>/dev/null || echo 1)" .build/unit-tests.log .build/system-tests.log

# The `package` group installs the Debian package of the debug build (.build/deb-debug): made first
# when that group runs (all groups, or GROUPS naming it).
PACKAGE_FOR_TESTS = $(if $(or $(if $(GROUPS),,all),$(filter package,$(GROUPS))),$(MAKE) --no-print-directory deb CONFIG=debug,@:)

# Target-specific: `deps`, run as their prerequisite, installs these too.
# Appended, not assigned: a prerequisite's own assignment would replace what the goal asked for
# (`make test` reaches `deps` through `build-tests`, and so installed no guest packages: a fresh
# machine's system tests failed with "depmod: command not found").
build-tests unit-test: EXTRA_PACKAGES += $(TEST_PACKAGES)
system-test test: EXTRA_PACKAGES += $(TEST_PACKAGES) $(VM_PACKAGES) $(DEB_PACKAGES) $(PACKAGE_TEST_PACKAGES)
bench: EXTRA_PACKAGES += $(BENCH_PACKAGES) $(VM_PACKAGES)

# The xrun probe the system tests and benchmarks preload into peach and stock fluidsynth (C, with
# the toolchain's clang: a SwiftPM library would bring the Swift runtime into both programs).
PROBE := .build/libPeachXrunProbe.so
CLANG ?= $(dir $(realpath $(shell command -v $(SWIFT))))clang
$(PROBE): Tests/System/xrun-probe/probe.c
	@mkdir -p .build
	$(CLANG) -shared -fPIC -O2 -Wall -Werror -o $@ $< -ldl

# What the systemd unit starts `peach run` through (udev/peach-hold-signals.c): plain C, linked
# statically, so that the stop and reload signals are held from its first instruction, before
# peach's dynamic loader runs.
HOLD := .build/peach-hold-signals
$(HOLD): udev/peach-hold-signals.c
	@mkdir -p .build
	$(CLANG) -static -O2 -Wall -Werror -o $@ $<

# The manual pages, peach(1) and one per command (peach.run(1), …), generated from the command
# line's own definitions by swift-argument-parser's generate-manual, in English, dated by the last
# commit (the same pages from the same sources). `make build` makes them; `make install` installs them.
MAN := .build/man
man:
	$(SWIFT) build $(BUILD) --product generate-manual
	@rm -rf $(MAN) && mkdir -p $(MAN)
	LC_ALL=C LANG=C .build/$(CONFIG)/generate-manual .build/$(CONFIG)/peach --multi-page \
	  --date $$(git log -1 --format=%cs 2>/dev/null || date +%F) --output-directory $(MAN)

build-tests: deps
	@set -o pipefail; { $(SWIFT) build --build-tests && $(MAKE) --no-print-directory man CONFIG=debug && \
	  $(MAKE) --no-print-directory $(PROBE) $(HOLD); } 2>&1 | tee .build-log.txt
	@! grep -E '^/.*/(Sources|Tests|Benchmarks)/.*: warning:' .build-log.txt || { echo "build has warnings (see above)" >&2; exit 1; }

# A second compiler: Debian's swiftlang (Swift 6.2, the oldest the manifest admits) builds the
# project and its tests in a Debian sid root kept in /var/cache/peach-compilers, made once per
# machine (Tests/Compilers). `make test` runs it before the tests.
second-compiler:
	Tests/Compilers/second-compiler.sh

# Builds Peach for aarch64 in an arm64 Debian root under qemu-user, runs the unit tests there and
# measures the pitch of notes the aarch64 build renders (Tests/Compilers/arm64-check.sh). Slow, so
# not part of `make test`; docs/development.md says when to run it.
arm64-check: build-tests
	Tests/Compilers/arm64-check.sh

unit-test: build-tests
	$(SWIFT) test --skip-build --disable-xctest

system-test: build-tests
	$(PACKAGE_FOR_TESTS)
	Tests/System/run.sh $(GROUPS)

# The MIDI input latency needs a sequencer, which only the system-test guest has: after the host's
# figures, the `midibench` and `boxbench` groups measure the release build in QEMU guests
# (boxbench: Peach beside stock FluidSynth, latency and xruns per buffer size), and
# `webbench` counts peach run's underruns while peach web is loaded with requests.
bench: deps
	$(SWIFT) build $(RELEASE) --product peach-bench
	$(SWIFT) build $(RELEASE) --product peach
	$(SWIFT) build $(RELEASE) --product peach-web
	$(MAKE) --no-print-directory $(PROBE)
	.build/release/peach-bench
	SYSTEM_TEST_OUT=.build/bench-system Tests/System/run.sh midibench boxbench webbench timingbench

# Installs the practice box: binary (and the dashboard's, which `peach web` hands over to), SoundFonts,
# mappings, text tables, manual pages, udev rules, the systemd units, the dashboard's DNS-SD
# announcement for Avahi and a default configuration (kept if one exists), whose dashboard listens on
# BOX_WEB_LISTEN; creates the `peach` user and enables both services.
# `make install DESTDIR=/tmp/stage` only stages the files (no user, no systemctl); the Debian package
# (`make deb`) is made from such a staged tree.
install:
	@[ -x .build/$(CONFIG)/peach ] && [ -d $(MAN) ] || { echo "build first: make build (then sudo make install)" >&2; exit 1; }
	install -D -m 0755 .build/$(CONFIG)/peach $(DESTDIR)$(PREFIX)/bin/peach
	install -D -m 0755 .build/$(CONFIG)/peach-web $(DESTDIR)$(PREFIX)/libexec/peach-web
	install -D -m 0755 $(HOLD) $(DESTDIR)$(PREFIX)/libexec/peach-hold-signals
	install -d $(DESTDIR)$(PREFIX)/share/peach/SoundFonts $(DESTDIR)$(PREFIX)/share/peach/Mappings
	install -m 0644 SoundFonts/*.sf2 SoundFonts/README.md $(DESTDIR)$(PREFIX)/share/peach/SoundFonts/
	install -m 0644 Mappings/* $(DESTDIR)$(PREFIX)/share/peach/Mappings/
	install -d $(DESTDIR)$(PREFIX)/share/peach/Texts
	install -m 0644 Sources/PeachText/Texts/*.json $(DESTDIR)$(PREFIX)/share/peach/Texts/
	install -D -m 0644 README.md $(DESTDIR)$(PREFIX)/share/doc/peach/README.md
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 0644 $(MAN)/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -D -m 0644 udev/70-peach.rules $(DESTDIR)$(UDEV_RULES_DIR)/70-peach.rules
	install -d $(DESTDIR)$(SYSTEMD_UNIT_DIR)
	sed 's|@PREFIX@|$(PREFIX)|g' udev/peach.service > $(DESTDIR)$(SYSTEMD_UNIT_DIR)/peach.service
	sed 's|@PREFIX@|$(PREFIX)|g' udev/peach-web.service > $(DESTDIR)$(SYSTEMD_UNIT_DIR)/peach-web.service
	install -D -m 0644 udev/avahi/peach.service $(DESTDIR)$(AVAHI_SERVICE_DIR)/peach.service
	install -d $(DESTDIR)$(SYSCONFDIR)/peach
	@# The default file has every setting commented out; the box's dashboard listens on the LAN.
	[ -e $(DESTDIR)$(SYSCONFDIR)/peach/config.yaml ] || { \
	  $(DESTDIR)$(PREFIX)/bin/peach config --default | \
	    sed 's|^#  listen: "127.0.0.1:8080"|  listen: "$(BOX_WEB_LISTEN)"|' > $(DESTDIR)$(SYSCONFDIR)/peach/config.yaml.new && \
	  grep -q '^  listen: "$(BOX_WEB_LISTEN)"' $(DESTDIR)$(SYSCONFDIR)/peach/config.yaml.new && \
	  mv $(DESTDIR)$(SYSCONFDIR)/peach/config.yaml.new $(DESTDIR)$(SYSCONFDIR)/peach/config.yaml; } || \
	  { echo "the default configuration has no web.listen line to set to $(BOX_WEB_LISTEN)" >&2; exit 1; }
	@if [ -z "$(DESTDIR)" ]; then \
	  id -u peach >/dev/null 2>&1 || $(SUDO) useradd --system --user-group --groups audio --home-dir /var/lib/peach --shell /usr/sbin/nologin peach; \
	  $(SUDO) udevadm control --reload 2>/dev/null || true; \
	  if [ -d /run/systemd/system ]; then $(SUDO) systemctl daemon-reload && $(SUDO) systemctl enable --now peach.service peach-web.service; \
	  else echo "systemd is not running here: start the box with '$(PREFIX)/bin/peach run'"; fi; \
	  echo "the dashboard's address with its access token: sudo -u peach $(PREFIX)/bin/peach web --token --data-dir /var/lib/peach --config $(SYSCONFDIR)/peach/config.yaml"; \
	fi

uninstall:
	-[ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ] && $(SUDO) systemctl disable --now peach.service peach-web.service
	rm -f $(DESTDIR)$(PREFIX)/bin/peach $(DESTDIR)$(PREFIX)/libexec/peach-web $(DESTDIR)$(PREFIX)/libexec/peach-hold-signals \
	  $(DESTDIR)$(UDEV_RULES_DIR)/70-peach.rules $(DESTDIR)$(AVAHI_SERVICE_DIR)/peach.service \
	  $(DESTDIR)$(SYSTEMD_UNIT_DIR)/peach.service $(DESTDIR)$(SYSTEMD_UNIT_DIR)/peach-web.service
	rm -rf $(DESTDIR)$(PREFIX)/share/peach $(DESTDIR)$(PREFIX)/share/doc/peach
	rm -f $(DESTDIR)$(PREFIX)/share/man/man1/peach.1 $(DESTDIR)$(PREFIX)/share/man/man1/peach.*.1
	-[ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ] && $(SUDO) systemctl daemon-reload
	@echo "kept: $(SYSCONFDIR)/peach (configuration), /var/lib/peach (training history), the peach user"

# The Debian package, peach_VERSION_ARCH.deb in $(DEB_OUT), made by debhelper (compat 13) from the
# files `make install` stages (Packaging/debian, copied into a staging directory beside it; there is
# no debian/ folder at the top). VERSION is what the built `peach --version` says (PeachCommand's
# version, the one place it is written); ARCH this machine's (`dpkg --print-architecture`: arm64 on
# a Pi). The release build links the Swift runtime into the programs, so the package depends on
# Debian's own libraries only; lintian checks it. `make deb CONFIG=debug` packages the debug build
# into .build/deb-debug (it needs the Swift toolchain's libraries: for the `package` system test,
# whose guest runs this machine's root).
DEB_OUT = .build/$(if $(filter release,$(CONFIG)),deb,deb-$(CONFIG))
deb: EXTRA_PACKAGES += $(DEB_PACKAGES)
deb: build
	@set -e; version=$$(.build/$(CONFIG)/peach --version); arch=$$(dpkg --print-architecture); \
	stage=$(DEB_OUT)/peach-$$version; rm -rf $(DEB_OUT); mkdir -p $$stage; \
	cp -r Packaging/debian $$stage/debian; \
	{ echo "peach ($$version) unstable; urgency=medium"; echo; \
	  echo "  * Built from commit $$(git rev-parse --short HEAD 2>/dev/null || echo unknown)."; echo; \
	  echo " -- $$(sed -n 's/^Maintainer: //p' Packaging/debian/control)  $$(git log -1 --format=%aD 2>/dev/null || date -R)"; \
	} > $$stage/debian/changelog; \
	(cd $$stage && PEACH_SOURCE=$(CURDIR) PEACH_CONFIG=$(CONFIG) \
	  PEACH_DEB_COMPRESSION="$(if $(filter release,$(CONFIG)),,-Zgzip -z1)" \
	  dpkg-buildpackage -b -us -uc --no-pre-clean > ../dpkg-buildpackage.log 2>&1) || \
	  { tail -40 $(DEB_OUT)/dpkg-buildpackage.log; echo "dpkg-buildpackage failed: $(DEB_OUT)/dpkg-buildpackage.log" >&2; exit 1; }; \
	rm -rf $$stage/debian/peach; deb=$(DEB_OUT)/peach_$${version}_$$arch.deb; \
	echo "built $$deb ($$(du -h $$deb | cut -f1))"; \
	if [ $(CONFIG) = release ]; then lintian --info --display-info $$deb | tee $(DEB_OUT)/lintian.txt; \
	  ! grep -q '^E: ' $(DEB_OUT)/lintian.txt || { echo "lintian reports errors (above)" >&2; exit 1; }; fi

# Rebuilds the default SoundFont from its tool; the same bytes every time (a unit test checks the
# committed file against a fresh one).
soundfont:
	$(SWIFT) build $(RELEASE) --product peach-soundfont
	.build/release/peach-soundfont SoundFonts/peach.sf2

clean:
	rm -rf .build .build-log.txt
