#!/bin/bash
# `make bench`'s tap-timing figures: the timing group (guest-timing.sh) with the release build, its
# figures printed in the guest (peach-bench --timing-report), since `make bench` builds no debug
# build to run the host's checks with: per buffer, the offsets Peach stored against their truth
# (median, p95, worst), the tap path's parts and Compare Timing's clicks in the recording.
# guest-timeout: 1800
[ -x .build/release/peach ] && export TIMING_PEACH=.build/release/peach
export TIMING_REPORT_IN_GUEST=1
source "$(dirname "${BASH_SOURCE[0]}")/guest-timing.sh"
