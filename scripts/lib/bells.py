#!/usr/bin/env python3
# Zoetrope's buoy bells ("buoyBells"), made for this project from scratch: no recordings or samples. Standard
# library only; called by scripts/make-sounds, which adds the surf (sox noise shaped by the envelopes made here).
#
#   bells.py strikes OUT SAMPLES        the bell, dry: raw little-endian float32, stereo interleaved, 44.1 kHz,
#                                       peak-normalized to 0.5
#   bells.py envelope KIND OUT SAMPLES  the surf's gain over time (KIND: rumble or foam), the same on both
#                                       channels, in the same format, between 0 and 0.5 (make-sounds doubles it)
#
# Both write exactly SAMPLES frames. Deterministic: no randomness at all.
#
# The bell: a small bronze buoy bell, prime 415 Hz, with the partials of a bell (hum, prime, tierce, quint,
# nominal and the upper ones; the hum and the nominal are slightly split doublets, so the ring beats slowly). Each
# clang starts with a metallic click (inharmonic partials at 3.3-7.9 kHz dying within ~20 ms) over the ring, whose
# upper partials die fast and whose hum lingers. A clang starts exactly at its sample, all partials in cosine phase
# after a 0.1-ms rise, so its onset is sharp. The clangs (STRIKES) come as the buoy rocks: singles and doubles (the
# clapper swinging back), at three strengths; the first at sample 0.
#
# The surf: a slow swell of low rumble (a baseline with a rise and fall for each wave) and a hiss of foam that
# bursts when a wave breaks and dies away over a few seconds (WAVES: break times).
import math
import sys
from rawaudio import write

RATE = 44100
PRIME = 415.0

# (ratio to the prime, amplitude, decay time constant in s, beat in Hz (0: single), pan: 0 left .. 1 right)
PARTIALS = [
    (0.50, 0.35, 3.0, 0.6, 0.45),
    (1.00, 0.55, 2.2, 0.0, 0.50),
    (1.19, 0.45, 1.8, 0.0, 0.55),
    (1.50, 0.25, 1.4, 0.0, 0.45),
    (2.00, 0.80, 1.2, 1.3, 0.50),
    (2.50, 0.30, 0.8, 0.0, 0.55),
    (2.66, 0.35, 0.7, 0.0, 0.45),
    (3.01, 0.25, 0.55, 0.0, 0.50),
    (4.10, 0.18, 0.35, 0.0, 0.55),
    (5.40, 0.12, 0.22, 0.0, 0.45),
    (6.90, 0.08, 0.15, 0.0, 0.50),
]
# The click of the clapper: (Hz, amplitude, decay in s)
CLICK = [(3310.0, 0.45, 0.006), (4870.0, 0.40, 0.004), (6230.0, 0.30, 0.003), (7910.0, 0.20, 0.002)]
RISE = 0.0001  # s
RING = 10.0  # s of ring computed per clang; the last 2 s fade to silence

# The clangs: (seconds from the start, strength, brightness of the click). Times are exact sample positions
# (t * 44100 is a whole number): 0, 66150, 196245, 337365, 396018, 538020, 685755, 749700, 870975, 936243.
STRIKES = [
    (0.000, 1.00, 1.0),
    (1.500, 0.80, 0.8),   # the clapper swings back
    (4.450, 0.95, 1.0),
    (7.650, 0.85, 0.9),
    (8.980, 0.75, 0.8),
    (12.200, 1.00, 1.0),
    (15.550, 0.90, 0.9),
    (17.000, 0.80, 0.8),
    (19.750, 0.95, 1.0),
    (21.230, 0.80, 0.8),
]

# Wave breaks (s): the rumble swells up to each and the foam hisses from it.
WAVES = [-1.5, 3.2, 8.1, 12.9, 17.6, 22.4]


def onset(t):
    return int(round(t * RATE))


def decaying(f, tau, n, beat=0.0):
    """exp(-t/tau) * (1 - exp(-t/RISE)) * cos(2 pi f t), the mean of two cosines when split by `beat`."""
    m = min(n, int(tau * math.log(1e5) * RATE))  # until -100 dB
    out = [0.0] * m
    decay = math.exp(-1.0 / (tau * RATE))
    rise = math.exp(-1.0 / (RISE * RATE))
    w1 = 2 * math.pi * f / RATE
    w2 = 2 * math.pi * (f + beat) / RATE
    env, r = 1.0, 1.0
    for i in range(m):
        c = math.cos(w1 * i)
        if beat:
            c = 0.5 * (c + math.cos(w2 * i))
        out[i] = env * (1 - r) * c
        env *= decay
        r *= rise
    return out


def clang():
    """One clang at unit strength, RING seconds long: (ring left, ring right, click) - the click is centred."""
    n = int(RING * RATE)
    left = [0.0] * n
    right = [0.0] * n
    click = [0.0] * n
    for ratio, amp, tau, beat, pan in PARTIALS:
        gl = amp * math.cos(pan * math.pi / 2) * math.sqrt(2)
        gr = amp * math.sin(pan * math.pi / 2) * math.sqrt(2)
        for i, v in enumerate(decaying(PRIME * ratio, tau, n, beat)):
            left[i] += gl * v
            right[i] += gr * v
    for f, amp, tau in CLICK:
        for i, v in enumerate(decaying(f, tau, n)):
            click[i] += amp * v
    fade_from = n - 2 * RATE
    for i in range(fade_from, n):
        g = 0.5 + 0.5 * math.cos(math.pi * (i - fade_from) / (n - fade_from))
        left[i] *= g
        right[i] *= g
    return left, right, click


def render_strikes(n):
    left = [0.0] * n
    right = [0.0] * n
    ring_l, ring_r, click = clang()
    for t, strength, brightness in STRIKES:
        start = onset(t)
        c = strength * brightness
        for i in range(min(len(ring_l), n - start)):
            left[start + i] += strength * ring_l[i] + c * click[i]
            right[start + i] += strength * ring_r[i] + c * click[i]
    return left, right


def render_envelope(kind, n):
    """The surf's gain, 0..1: rumble swells to each break; foam bursts at each break."""
    out = [0.0] * n
    for i in range(n):
        t = i / RATE
        if kind == "rumble":
            g = 0.45
            for b in WAVES:
                # A raised-cosine swell from 2.5 s before the break to 1.5 s after it.
                if b - 2.5 <= t <= b + 1.5:
                    g += 0.55 * (0.5 - 0.5 * math.cos(2 * math.pi * (t - (b - 2.5)) / 4.0))
        else:
            g = 0.08
            for b in WAVES:
                if t >= b:
                    # Washes in over ~0.6 s, dies with a 1.5-s time constant.
                    g += 1.6 * (1 - math.exp(-(t - b) / 0.3)) * math.exp(-(t - b) / 1.5)
        out[i] = min(1.0, g)
    return out, out


def main(argv):
    if len(argv) == 4 and argv[1] == "strikes":
        left, right = render_strikes(int(argv[3]))
        write(argv[2], left, right)
        return 0
    if len(argv) == 5 and argv[1] == "envelope" and argv[2] in ("rumble", "foam"):
        left, right = render_envelope(argv[2], int(argv[4]))
        write(argv[3], left, right, normalize=False)
        return 0
    sys.stderr.write("usage: bells.py strikes OUT.f32 SAMPLES | bells.py envelope rumble|foam OUT.f32 SAMPLES\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
