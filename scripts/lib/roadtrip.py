#!/usr/bin/env python3
# RoadTrip's two sounds (spec 06 §3.2), made for this project from scratch: no recordings or samples. Standard
# library only; called by scripts/make-sounds. Writes AIFF, 16-bit PCM, 44.1 kHz, mono.
#
#   roadtrip.py BurnRubber OUT   a tyre squeal with a sharp attack: exactly 0.2 s (8820 samples), peak 0.9
#   roadtrip.py CarRunning OUT   a big V8 idling with light revs: exactly 3.0 s (132300 samples), loopable without a
#                                seam, peak 0.35 (well below BurnRubber)
#
# Deterministic: noise comes from random.Random with a fixed seed.
#
# The squeal: a rubber "screech" — a few inharmonic tones around 1.9-3.3 kHz whose pitch wobbles (stick-slip of the
# tread), over band-passed noise (the scrub), full level from the first sample and a 25-ms fade at the end.
#
# The engine: firing pulses of a cross-plane V8 (an uneven 8-pulse amplitude pattern gives the burble), each a
# damped low resonance (exhaust ~70 Hz, body ~160 Hz) plus a short puff of low-passed noise, over a rumble of
# low-passed noise. The firing rate is 48 Hz rising to 53.3 Hz and back once per loop (a light rev): its phase over
# the 3 s is exactly 152 pulses (19 whole burble patterns), every modulation has a whole number of cycles in 3 s, and the noise is filtered
# circularly, so the last sample runs into the first without a seam.
import math
import random
import struct
import sys

RATE = 44100
# The light rev's extra pulses per loop ÷ 1.5 (16/3 → 8 extra pulses, keeping whole burble patterns).
REV = 16 / 3


def write_aiff(path, samples):
    """16-bit mono AIFF (big-endian PCM), the sample rate as an 80-bit extended float."""
    data = b"".join(struct.pack(">h", max(-32768, min(32767, int(round(s * 32767))))) for s in samples)
    # 44100 = 1.3458251953125 * 2^15: exponent 16383 + 15, mantissa with the explicit integer bit.
    exponent = 16383 + 15
    mantissa = int(RATE / 2 ** 15 * (1 << 63))
    rate80 = struct.pack(">HQ", exponent, mantissa)
    comm = b"COMM" + struct.pack(">IhIh", 18, 1, len(samples), 16) + rate80
    ssnd = b"SSND" + struct.pack(">III", 8 + len(data), 0, 0) + data
    form = b"AIFF" + comm + ssnd
    with open(path, "wb") as f:
        f.write(b"FORM" + struct.pack(">I", len(form)) + form)


def normalize(samples, peak):
    m = max(abs(s) for s in samples) or 1.0
    return [s * peak / m for s in samples]


def circular_lowpass(x, cutoff):
    """One-pole low-pass run twice around the loop, so its state at the start is the state at the end."""
    a = math.exp(-2 * math.pi * cutoff / RATE)
    y = 0.0
    for v in x:
        y = (1 - a) * v + a * y
    out = []
    for v in x:
        y = (1 - a) * v + a * y
        out.append(y)
    return out


def burn_rubber():
    n = 8820
    rng = random.Random(1959)
    tones = [(1930.0, 0.55, 7.0), (2410.0, 0.35, 11.0), (3270.0, 0.22, 17.0)]
    phases = [0.0] * len(tones)
    lp1 = lp2 = 0.0
    out = []
    for i in range(n):
        t = i / RATE
        s = 0.0
        for k, (f, amp, wob) in enumerate(tones):
            # stick-slip: the pitch wobbles fast and drifts down as the tyre bites
            fi = f * (1 - 0.08 * t / 0.2) * (1 + 0.015 * math.sin(2 * math.pi * 90 * wob / 7 * t))
            phases[k] += 2 * math.pi * fi / RATE
            s += amp * math.sin(phases[k]) * (0.8 + 0.2 * math.sin(2 * math.pi * 37 * (k + 1) * t))
        # scrub noise, band-passed as the difference of two low-passes (~1.2-6 kHz)
        w = rng.uniform(-1, 1)
        lp1 += (w - lp1) * 0.55
        lp2 += (w - lp2) * 0.16
        s += 0.45 * (lp1 - lp2)
        env = 1.0 if i < n - 1102 else (n - i) / 1102.0
        out.append(s * env)
    return normalize(out, 0.9)


def car_running():
    n = 3 * RATE
    rng = random.Random(66)
    pattern = [1.0, 0.72, 0.93, 0.64, 0.98, 0.8, 0.7, 0.88]
    # circular noise beds: a deep rumble and the puffs' raw material
    rumble = circular_lowpass(circular_lowpass([rng.uniform(-1, 1) for _ in range(n)], 120), 120)
    puffs = circular_lowpass([rng.uniform(-1, 1) for _ in range(n)], 900)
    out = []
    for i in range(n):
        t = i / RATE
        # firing phase: 48 t + (16/3) ∫ sin²(π t / 3) dt → exactly 152 pulses (19 burble patterns) over 3 s
        phase = 48 * t + REV * (t / 2 - 3 / (4 * math.pi) * math.sin(2 * math.pi * t / 3))
        rate = 48 + REV * math.sin(math.pi * t / 3) ** 2
        swell = 1 + 0.25 * math.sin(math.pi * t / 3) ** 2
        k = int(math.floor(phase))
        s = 2.5 * rumble[i]
        # this pulse and the tails of the three before it, so a new firing never cuts the last one off
        for j in range(4):
            tau = (phase - (k - j)) / rate
            amp = pattern[(k - j) % 8] * swell
            thump = math.exp(-tau / 0.012) * (math.sin(2 * math.pi * 70 * tau) + 0.45 * math.sin(2 * math.pi * 160 * tau))
            puff = 3 * (1 - math.exp(-tau / 0.0005)) * math.exp(-tau / 0.004) * puffs[i]
            s += amp * (thump + puff)
        out.append(s)
    mean = sum(out) / n
    out = [v - mean for v in out]
    return normalize(out, 0.35)


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("BurnRubber", "CarRunning"):
        sys.exit("usage: roadtrip.py BurnRubber|CarRunning OUT.aif")
    samples = burn_rubber() if sys.argv[1] == "BurnRubber" else car_running()
    write_aiff(sys.argv[2], samples)


if __name__ == "__main__":
    main()
