#!/usr/bin/env python3
"""Find Words' button click (spec 04 §2.7), dry, for scripts/make-sounds.

Usage: click.py OUT.f32 SAMPLES
Writes SAMPLES frames of raw little-endian float32 stereo at 44.1 kHz: silence until 55 ms, then one broadband
tick: noise from a fixed-seed generator through two two-pole band-passes at 4.9 kHz (Q 1), shaped by a 0.4-ms rise
and a 3.2-ms exponential decay and cut off smoothly 18 ms after the start; silence after. Peak 0.5 (make-sounds
scales it to -20 dBFS). Prints the tick's spectral centroid, which should be near 6 kHz. Standard library only.
"""
import cmath
import math
import random
import struct
import sys

RATE = 44100
START = 0.055      # s
LENGTH = 0.018     # s: the tick lasts 15-20 ms
RISE, DECAY = 0.0004, 0.0032


def tick(n):
    rng = random.Random(20240612)
    # RBJ band-pass (constant 0 dB peak gain) at 6 kHz.
    f0, q = 4900.0, 1.0
    w0 = 2 * math.pi * f0 / RATE
    alpha = math.sin(w0) / (2 * q)
    b0, b2 = alpha, -alpha
    a0, a1, a2 = 1 + alpha, -2 * math.cos(w0), 1 - alpha
    state = [[0.0] * 4 for _ in range(2)]   # two identical stages in cascade: steeper skirts
    out = []
    for i in range(n):
        t = i / RATE
        y = rng.gauss(0, 1)
        for st in state:
            x, (x1, x2, y1, y2) = y, st
            y = (b0 * x + b2 * x2 - a1 * y1 - a2 * y2) / a0
            st[:] = [x, x1, y, y1]
        env = (1 - math.exp(-t / RISE)) * math.exp(-t / DECAY)
        # A raised-cosine fade over the last 3 ms ends the tick at exactly zero.
        if t > LENGTH - 0.003:
            env *= 0.5 + 0.5 * math.cos(math.pi * min(1.0, (t - (LENGTH - 0.003)) / 0.003))
        out.append(y * env)
    return out


def centroid(samples):
    n = 1
    while n < len(samples):
        n *= 2
    mags = []
    for k in range(n // 2):
        s = sum(v * cmath.exp(-2j * math.pi * k * i / n) for i, v in enumerate(samples))
        mags.append(abs(s))
    total = sum(mags)
    return sum(m * k * RATE / n for k, m in enumerate(mags)) / total


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    path, total = sys.argv[1], int(sys.argv[2])
    start, n = round(START * RATE), round(LENGTH * RATE)
    t = tick(n)
    peak = max(abs(v) for v in t)
    t = [0.5 * v / peak for v in t]
    print(f"click.py: tick at {start / RATE * 1000:.1f} ms, {n / RATE * 1000:.1f} ms long, "
          f"spectral centroid {centroid(t):.0f} Hz", file=sys.stderr)
    frames = [0.0] * start + t + [0.0] * (total - start - n)
    with open(path, "wb") as f:
        f.write(b"".join(struct.pack("<ff", v, v) for v in frames[:total]))


if __name__ == "__main__":
    main()
