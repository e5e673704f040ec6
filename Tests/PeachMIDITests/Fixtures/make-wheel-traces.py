#!/usr/bin/env python3
"""Writes the wheel traces used by WheelTraceTests: pitch-bend event streams (time in ms, value
-8192..8191) as a USB keyboard sends them, modelled on a spring-loaded wheel. A device sends an
event when the quantised value changes (scanned every 1 ms); a wheel held by a finger drifts by a
few LSB; the spring returns it to centre as a damped oscillation (time constant ~8 ms, a small
overshoot). Deterministic (fixed seed): rerun to regenerate."""
import math, random

def quantise(v, bits):
    v = max(-8192, min(8191, int(round(v))))
    if bits == 7:
        v = ((v + 8192) >> 7 << 7) - 8192
    return v

class Trace:
    def __init__(self, bits, seed):
        self.t, self.events, self.last, self.bits = 0.0, [], 0, bits
        self.rng = random.Random(seed)
    def emit(self, v):
        q = quantise(v, self.bits)
        if q != self.last:
            self.events.append((round(self.t, 1), q)); self.last = q
    def move(self, start, end, ms):  # a hand movement, smooth (cosine ease)
        for i in range(int(ms)):
            self.t += 1
            x = (1 - math.cos(math.pi * (i + 1) / ms)) / 2
            self.emit(start + (end - start) * x)
    def hold(self, v, ms, drift=3):  # a finger holding: occasional drift of a few LSB
        for i in range(int(ms)):
            self.t += 1
            if self.rng.random() < 0.02:
                self.emit(v + self.rng.randint(-drift, drift))
    def snap(self, start, ms=60, tau=8.0, overshoot=0.04):  # let go: the spring takes it back
        for i in range(int(ms)):
            self.t += 1
            decay = math.exp(-(i + 1) / tau)
            self.emit(start * decay * math.cos((i + 1) / (tau * 2.2)) - start * overshoot * (1 - decay) * math.exp(-(i + 1) / 30))
        self.emit(0)
    def write(self, name, comment):
        with open(name, "w") as f:
            f.write("# " + comment + "\n# time_ms pitch_bend\n")
            for t, v in self.events:
                f.write(f"{t:.1f} {v}\n")

t = Trace(14, 1); t.hold(0, 200); t.move(0, 4900, 300); t.hold(4900, 800); t.snap(t.last); t.hold(0, 300)
t.write("release-14bit.txt", "push up to +4900, hold 0.8 s with drift, let go (spring snap, overshoot); commit ~+4900")
t = Trace(14, 2); t.move(0, -3000, 250); t.hold(-3000, 600); t.move(-3000, 0, 700); t.hold(0, 300)
t.write("slow-return-14bit.txt", "pull down to -3000, hold, return slowly to centre over 0.7 s; a tune to centre, no commit")
t = Trace(7, 3); t.move(0, 4096, 200); t.hold(4096, 500, drift=0); t.snap(t.last, ms=40, tau=6); t.hold(0, 200)
t.write("release-7bit.txt", "7-bit wheel (steps of 128): push to +4096, hold, let go; commit +4096")
t = Trace(14, 4); t.move(0, 6500, 250); t.snap(t.last)
t.write("release-while-moving-14bit.txt", "push up to +6500 and let go at the top without a pause; commit ~+6500")
t = Trace(14, 5); t.move(0, 6000, 200); t.hold(6000, 300); t.move(6000, 2800, 600); t.snap(t.last)
t.write("slow-approach-then-release-14bit.txt", "push to +6000, move slowly back to +2800, let go there; commit ~+2800")
t = Trace(14, 6)
for i in range(400):
    t.t += 5
    t.emit(t.rng.randint(-60, 60))
t.write("jitter-at-rest-14bit.txt", "a worn wheel at rest jittering within +-60 of centre for 2 s; no action")
