#!/usr/bin/env python3
# The two sounds of "Find The Color" (chapter 14), made for this project from scratch: no recordings or samples.
# The book's game is silent; issue 12 asks for sounds. Standard library only; called by scripts/make-sounds.
#
#   colorgame.py scoreReveal OUT SAMPLES   a soft two-note chime (G5 then C6, 0.11 s apart, like a small
#                                          glockenspiel struck softly) for the score alert
#   colorgame.py confettiPop OUT SAMPLES   a party popper: a sharp pop (a noise crack over a low thump) at t = 0,
#                                          then a sparkle tail of little high pings that thins out over ~0.8 s
#
# Both write raw little-endian float32 stereo at 44.1 kHz, peak-normalized to 0.5 (rawaudio.write), exactly
# SAMPLES frames, sound from the first sample. Deterministic: the noise and the pings come from a fixed-seed
# random.Random.
import math
import random
import sys
from rawaudio import write

RATE = 44100
RISE = 0.002  # s: the chime's soft mallet


def note(left, right, start, freq, amp, pan, tau):
    """A struck bar: fundamental plus its faint, faster-dying overtones (ratios of a free bar), panned."""
    gl = math.cos(pan * math.pi / 2) * math.sqrt(2)
    gr = math.sin(pan * math.pi / 2) * math.sqrt(2)
    s0 = int(round(start * RATE))
    for ratio, a, k in ((1.0, 1.0, 1.0), (2.76, 0.18, 0.45), (5.40, 0.05, 0.25)):
        w = 2 * math.pi * freq * ratio / RATE
        decay = math.exp(-1.0 / (tau * k * RATE))
        rise = math.exp(-1.0 / (RISE * RATE))
        env, r = amp * a, 1.0
        for i in range(s0, len(left)):
            v = env * (1 - r) * math.sin(w * (i - s0))
            left[i] += gl * v
            right[i] += gr * v
            env *= decay
            r *= rise
            if env < 1e-6:
                break


def fade_out(left, right, n, seconds=0.05):
    """A short linear fade at the very end, so the file ends in silence."""
    fade = int(seconds * RATE)
    for i in range(n - fade, n):
        g = (n - i) / fade
        left[i] *= g
        right[i] *= g


def score_reveal(n):
    left, right = [0.0] * n, [0.0] * n
    note(left, right, 0.00, 783.99, 0.8, 0.42, 0.30)   # G5
    note(left, right, 0.11, 1046.50, 1.0, 0.58, 0.38)  # C6
    fade_out(left, right, n)
    return left, right


def confetti_pop(n):
    rnd = random.Random(1405)
    left, right = [0.0] * n, [0.0] * n
    # The pop: white noise through a one-pole high-pass (a bright crack), dying in ~12 ms, over a thump that
    # falls from 180 to 70 Hz in ~40 ms.
    prev_x = prev_y = 0.0
    a = 0.85
    phase = 0.0
    for i in range(int(0.12 * RATE)):
        t = i / RATE
        x = rnd.uniform(-1, 1)
        y = a * (prev_y + x - prev_x)
        prev_x, prev_y = x, y
        crack = y * math.exp(-t / 0.012) * (1 - math.exp(-t / 0.0003))
        f = 70 + 110 * math.exp(-t / 0.02)
        phase += 2 * math.pi * f / RATE
        thump = 0.9 * math.sin(phase) * math.exp(-t / 0.035) * (1 - math.exp(-t / 0.001))
        left[i] += crack + thump
        right[i] += 0.9 * crack + thump
    # The sparkle: 60 pings between 40 ms and 0.85 s, denser and louder at first, each a high sine (2.4-6.5 kHz)
    # with a 1-ms rise and a 25-60 ms decay, scattered across the stereo field.
    for _ in range(60):
        t0 = 0.04 + 0.81 * rnd.random() ** 1.6
        freq = rnd.uniform(2400, 6500)
        amp = 0.16 * (1 - (t0 - 0.04) / 0.85) ** 1.5 * rnd.uniform(0.5, 1)
        tau = rnd.uniform(0.025, 0.06)
        pan = rnd.random()
        gl, gr = math.cos(pan * math.pi / 2) * math.sqrt(2), math.sin(pan * math.pi / 2) * math.sqrt(2)
        s0 = int(round(t0 * RATE))
        w = 2 * math.pi * freq / RATE
        for k in range(min(int(6 * tau * RATE), n - s0)):
            v = amp * math.sin(w * k) * math.exp(-k / (tau * RATE)) * (1 - math.exp(-k / (0.001 * RATE)))
            left[s0 + k] += gl * v
            right[s0 + k] += gr * v
    fade_out(left, right, n)
    return left, right


def main(argv):
    if len(argv) != 4 or argv[1] not in ("scoreReveal", "confettiPop"):
        sys.stderr.write("usage: colorgame.py scoreReveal|confettiPop OUT SAMPLES\n")
        return 2
    n = int(argv[3])
    left, right = score_reveal(n) if argv[1] == "scoreReveal" else confetti_pop(n)
    write(argv[2], left, right)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
