#!/usr/bin/env python3
# Zoetrope's swing instrumental ("music"), composed for this project and synthesized from scratch: no recordings,
# samples or borrowed melodies. Standard library only; called by scripts/make-sounds.
#
#   music.py band OUT SAMPLES      the band, dry: raw little-endian float32, stereo interleaved, 44.1 kHz
#   music.py crackle OUT SAMPLES   the clicks and pops of an old 78 (no hiss; make-sounds adds that with sox)
#
# Both write exactly SAMPLES frames, peak-normalized to 0.5 (make-sounds sets the final levels). The output is
# deterministic: every "random" choice comes from random.Random with a fixed seed, using only random().
#
# The tune: a 12-bar jazz blues in B-flat at 160 bpm with swung eighths (2:1): two choruses and a closing hit.
#   | Bb7 | Eb7 | Bb7 | Fm7 Bb7 | Eb7 | Edim7 | Bb7/F | G7 | Cm7 | F7 | Bb7 G7 | Cm7 F7 |
# Chorus 1 (bars 1-12): a clarinet plays the head (a two-bar riff, answered up a fourth, then a turn over the
# ii-V); the bass plays in two for four bars, then walks; sax-section pads from bar 5. A snare fill and a brass hit on
# the "and of 4" of bar 12 push into chorus 2 (bars 13-24): a muted trumpet plays a higher, busier variation, the
# brass punches in its gaps, the saxes pad again from bar 17. Bar 24 climbs to a band hit on the "and of 4": a
# B-flat 6/9 chord under a held high D that rings out to the end.
# Rhythm section throughout: walking bass, a quarter-note rhythm guitar (accents on 2 and 4), ride cymbal in
# swung eighths (ding, ding-a ding, ding-a), hi-hat foot and a soft snare on 2 and 4, a feathered kick on every beat.
import math
import random
import sys
from array import array
from rawaudio import write

RATE = 44100
BPM = 160.0
BEAT = 60.0 / BPM  # seconds
SWING = 2.0 / 3.0  # where the off-beat eighth falls within the beat (2:1 swing)
TABLE = 8192  # wavetable size (power of two)
MASK = TABLE - 1


# ---------------------------------------------------------------------------------------------------------------
# Time

def eighth_beats(e):
    """Beats from the top to swung eighth number e (0 = bar 1 beat 1; 8 per bar)."""
    return (e // 2) + (SWING if e % 2 else 0.0)


def eighth_time(bar, eighth):
    """Seconds to eighth 0..7 of bar (1-based)."""
    return eighth_beats((bar - 1) * 8 + eighth) * BEAT


# ---------------------------------------------------------------------------------------------------------------
# Harmony: the 12-bar form, twice (bars 1-24), chords per half bar.

CHORUS = [
    ("Bb7", "Bb7"), ("Eb7", "Eb7"), ("Bb7", "Bb7"), ("Fm7", "Bb7"),
    ("Eb7", "Eb7"), ("Edim7", "Edim7"), ("Bb7/F", "Bb7/F"), ("G7", "G7"),
    ("Cm7", "Cm7"), ("F7", "F7"), ("Bb7", "G7"), ("Cm7", "F7"),
]
FORM = CHORUS * 2

# root pitch class, chord tones above the root (3rd, 5th, 6th or 7th) for the bass, first bass note's interval
CHORDS = {
    "Bb7": (10, 4, 7, 9, 0), "Eb7": (3, 4, 7, 9, 0), "Fm7": (5, 3, 7, 10, 0), "Edim7": (4, 3, 6, 9, 0),
    "Bb7/F": (10, 4, 7, 9, 7), "G7": (7, 4, 7, 9, 0), "Cm7": (0, 3, 7, 10, 0), "F7": (5, 4, 7, 9, 0),
}
# rhythm guitar: three-note shells (root, 7th, 3rd, Freddie Green style)
GUITAR = {
    "Bb7": [46, 56, 62], "Bb7/F": [46, 56, 62], "Eb7": [51, 55, 61], "Fm7": [53, 56, 63], "Edim7": [52, 55, 61],
    "G7": [43, 53, 59], "Cm7": [48, 58, 63], "F7": [53, 57, 63], "Bb69": [46, 50, 55, 60, 65],
}
# sax section: rootless close voicings with 9ths and 13ths
PADS = {
    "Bb7": [56, 60, 62, 67], "Bb7/F": [56, 60, 62, 67], "Eb7": [55, 60, 61, 65], "Fm7": [56, 60, 63, 67],
    "Edim7": [55, 58, 61, 64], "G7": [53, 56, 59, 64], "Cm7": [51, 55, 58, 62], "F7": [51, 55, 57, 62],
    "Bb69": [58, 62, 65, 67, 72],
}


def chord_at(bar, eighth):
    """The chord sounding at eighth 0..7 of bar; an off-beat eighth 7 anticipates the next bar."""
    if eighth == 7:
        bar, eighth = bar + 1, 0
    if bar > len(FORM):
        return "Bb69"
    return FORM[bar - 1][0 if eighth < 4 else 1]


# ---------------------------------------------------------------------------------------------------------------
# The melody: "pitch:eighths" per bar, r = rest. Every bar adds up to 8 eighths.

CLARINET = [  # chorus 1, bars 1-12
    "D5:1 F5:1 G5:2 F5:1 Db5:1 D5:2",
    "C5:3 Bb4:1 G4:2 r:2",
    "D5:1 F5:1 G5:2 Ab5:1 G5:1 F5:2",
    "F5:2 Eb5:1 D5:1 Db5:1 C5:1 Bb4:2",
    "G5:1 Bb5:1 C6:2 Bb5:1 Gb5:1 G5:2",
    "Bb5:3 G5:1 E5:2 r:2",
    "r:1 F5:1 D5:1 F5:1 G5:2 F5:2",
    "D5:3 B4:1 G4:2 D5:1 F5:1",
    "Eb5:2 G5:1 Bb5:2 G5:1 Eb5:2",
    "C5:1 Eb5:1 A5:2 G5:1 F5:1 Eb5:2",
    "D5:3 Bb4:1 B4:2 D5:2",
    "C5:2 Eb5:1 G5:1 F5:2 r:2",
]
TRUMPET = [  # chorus 2, bars 13-24; the last note (bar 24, and of 4) is held to the end
    "r:1 F5:1 Bb5:2 r:1 Bb5:1 Ab5:1 F5:1",
    "G5:3 Eb5:1 Db5:2 C5:2",
    "r:1 F5:1 Bb5:2 r:1 Bb5:1 C6:1 D6:1",
    "C6:2 Ab5:1 F5:1 D5:1 Db5:1 Bb4:2",
    "Bb5:1 G5:1 Eb5:1 Db5:1 C5:1 Eb5:1 G5:2",
    "Bb5:2 G5:1 E5:1 Db5:2 r:2",
    "F5:1 G5:1 Ab5:1 A5:1 Bb5:2 C6:2",
    "D6:3 B5:1 G5:2 F5:2",
    "Eb5:1 G5:1 C6:2 Bb5:1 G5:1 Eb5:2",
    "F5:1 A5:1 C6:2 Bb5:1 A5:1 F5:2",
    "Bb5:2 F5:1 D5:1 B4:1 D5:1 F5:1 Ab5:1",
    "G5:2 Eb5:1 C5:1 F5:1 A5:2 D6:1",
]
# brass-section punches in chorus 2: (bar, eighth); the chord is the one sounding there (chord_at)
PUNCHES = [(12, 7), (13, 4), (14, 7), (15, 4), (16, 7), (18, 6), (18, 7), (20, 7), (22, 7)]
FINAL = (24, 7)  # the closing band hit

NOTE_PC = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def midi(name):
    pc = NOTE_PC[name[0]]
    rest = name[1:]
    while rest and rest[0] in "b#":
        pc += -1 if rest[0] == "b" else 1
        rest = rest[1:]
    return 12 * (int(rest) + 1) + pc


def parse(bars, first_bar):
    """[(eighth index from the top, length in eighths, midi or None)]"""
    out = []
    for i, line in enumerate(bars):
        e = (first_bar - 1 + i) * 8
        total = 0
        for tok in line.split():
            name, n = tok.split(":")
            n = int(n)
            out.append((e, n, None if name == "r" else midi(name)))
            e += n
            total += n
        if total != 8:
            raise SystemExit("music.py: bar %d of the melody has %d eighths" % (first_bar + i, total))
    return out


def hz(m):
    return 440.0 * 2.0 ** ((m - 69) / 12.0)


# ---------------------------------------------------------------------------------------------------------------
# Synthesis

def table(amps):
    """One cycle of sum(amps[h-1] * sin(2 pi h x)), peak-normalized."""
    t = array("d", [0.0]) * TABLE
    for h, a in enumerate(amps, 1):
        if a:
            w = 2.0 * math.pi * h / TABLE
            for i in range(TABLE):
                t[i] += a * math.sin(w * i)
    p = max(abs(v) for v in t) or 1.0
    for i in range(TABLE):
        t[i] /= p
    return t


SINE = table([1.0])


class Voice:
    """An instrument: harmonic recipe (a function of pitch) and envelope/vibrato settings."""

    def __init__(self, recipe, attack, tau, release, vib=0.0, vib_rate=5.5, vib_delay=0.15,
                 bright=None, bright_tau=0.0, bright_level=0.0):
        self.recipe, self.bright = recipe, bright
        self.attack, self.tau, self.release = attack, tau, release
        self.vib, self.vib_rate, self.vib_delay = vib, vib_rate, vib_delay
        self.bright_tau, self.bright_level = bright_tau, bright_level
        self.cache = {}

    def tables(self, m):
        if m not in self.cache:
            f = hz(m)
            body = table(self.recipe(f))
            extra = table(self.bright(f)) if self.bright else None
            self.cache[m] = (body, extra)
        return self.cache[m]


def harmonics(f0, weight, top=16000.0):
    """Amplitudes of harmonics 1.. of f0 below `top` Hz, weight(h, f) each."""
    out = []
    h = 1
    while h * f0 < top and h <= 40:
        out.append(weight(h, h * f0))
        h += 1
    return out


def rolloff(f, fc):
    return 1.0 / (1.0 + (f / fc) ** 2)


CLARINET_H = [1.0, 0.05, 0.6, 0.06, 0.35, 0.07, 0.2, 0.05, 0.12, 0.03, 0.06, 0.02, 0.03]
clarinet = Voice(lambda f: harmonics(f, lambda h, fh: (CLARINET_H[h - 1] if h <= len(CLARINET_H) else 0.0)
                                     * rolloff(fh, 4500.0)),
                 attack=0.03, tau=3.0, release=0.06, vib=0.0045, vib_rate=5.3, vib_delay=0.12,
                 bright=lambda f: harmonics(f, lambda h, fh: (0.3 / h if h > 1 else 0.0) * rolloff(fh, 6000.0)),
                 bright_tau=0.04, bright_level=0.35)


def harmon(h, f):  # muted trumpet: weak fundamental, nasal formants near 1.6 and 3.4 kHz
    base = 0.35 if h == 1 else 1.0
    form = 0.2 + math.exp(-((f - 1600.0) / 800.0) ** 2) + 0.3 * math.exp(-((f - 3400.0) / 900.0) ** 2)
    return base * form * rolloff(f, 6000.0) / h ** 0.3


trumpet = Voice(lambda f: harmonics(f, harmon),
                attack=0.02, tau=2.5, release=0.05, vib=0.003, vib_rate=5.8, vib_delay=0.15,
                bright=lambda f: harmonics(f, lambda h, fh: rolloff(fh, 5000.0) / h ** 0.5),
                bright_tau=0.05, bright_level=0.4)
saxes = Voice(lambda f: harmonics(f, lambda h, fh: rolloff(fh, 1400.0) / h),
              attack=0.12, tau=4.0, release=0.16, vib=0.0035, vib_rate=5.0, vib_delay=0.25)
brass = Voice(lambda f: harmonics(f, lambda h, fh: rolloff(fh, 2500.0) / h ** 0.8),
              attack=0.012, tau=0.35, release=0.06,
              bright=lambda f: harmonics(f, lambda h, fh: rolloff(fh, 5000.0) / h ** 0.6),
              bright_tau=0.04, bright_level=0.5)
bass = Voice(lambda f: [1.0, 0.55, 0.3, 0.14, 0.07, 0.03],
             attack=0.004, tau=0.8, release=0.05,
             bright=lambda f: harmonics(f, lambda h, fh: (0.0 if h == 1 else 0.45 / h ** 0.5) * rolloff(fh, 2500.0),
                                        top=6000.0),
             bright_tau=0.07, bright_level=0.7)
guitar = Voice(lambda f: harmonics(f, lambda h, fh: rolloff(fh, 2200.0) / h ** 1.1, top=9000.0),
               attack=0.002, tau=0.14, release=0.035,
               bright=lambda f: harmonics(f, lambda h, fh: rolloff(fh, 5000.0) / h ** 0.7, top=12000.0),
               bright_tau=0.025, bright_level=0.8)


def play(buf, v, t0, dur, m, amp, scoop=0.0, vib_phase=0.0, tau=None, release=None):
    """Add note m (midi) of instrument v into buf: starts at t0 s, released after dur s, amplitude amp."""
    body, extra = v.tables(m)
    tau = v.tau if tau is None else tau
    release = v.release if release is None else release
    start = max(0, int(round(t0 * RATE)))
    n_on = max(1, int(round(dur * RATE)))
    total = min(n_on + int(7.0 * release * RATE), len(buf) - start)
    if total <= 0:
        return
    inc = hz(m) * TABLE / RATE
    na = max(1, int(v.attack * RATE))
    dk = math.exp(-1.0 / (tau * RATE))
    rk = math.exp(-1.0 / (release * RATE))
    bk = math.exp(-1.0 / (v.bright_tau * RATE)) if extra else 0.0
    b = v.bright_level * amp if extra else 0.0
    sk = math.exp(-1.0 / (0.035 * RATE))
    sc = scoop
    vdepth = v.vib
    vinc = v.vib_rate * TABLE / RATE
    vph = vib_phase * TABLE
    vd0 = int(v.vib_delay * RATE)
    vramp = 1.0 / (0.25 * RATE)
    sine = SINE
    ph = 0.0
    env = amp
    for i in range(total):
        k = start + i
        if i < n_on:
            env *= dk
        else:
            env *= rk
            b *= rk
        att = i / na if i < na else 1.0
        step = inc
        if vdepth and i > vd0:
            w = (i - vd0) * vramp
            step = inc * (1.0 + vdepth * (w if w < 1.0 else 1.0) * sine[int(vph) & MASK])
            vph += vinc
        if sc > 1e-5:
            step *= 1.0 - sc
            sc *= sk
        idx = int(ph) & MASK
        s = body[idx] * env
        if b > 1e-6:
            s += extra[idx] * b
            b *= bk
        buf[k] += s * att
        ph += step
        if ph >= TABLE:
            ph -= TABLE


# ---------------------------------------------------------------------------------------------------------------
# Drums: one-shot samples made once, then mixed in at each hit.

class Biquad:
    """RBJ cookbook filter, direct form I."""

    def __init__(self, kind, f, q=0.707):
        w = 2.0 * math.pi * f / RATE
        c, s = math.cos(w), math.sin(w)
        a = s / (2.0 * q)
        if kind == "lp":
            b0, b1, b2 = (1 - c) / 2, 1 - c, (1 - c) / 2
        elif kind == "hp":
            b0, b1, b2 = (1 + c) / 2, -(1 + c), (1 + c) / 2
        else:  # band-pass, 0 dB peak
            b0, b1, b2 = a, 0.0, -a
        a0, a1, a2 = 1 + a, -2 * c, 1 - a
        self.k = (b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0)

    def run(self, xs):
        b0, b1, b2, a1, a2 = self.k
        x1 = x2 = y1 = y2 = 0.0
        out = array("d", [0.0]) * len(xs)
        for i, x in enumerate(xs):
            y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
            x2, x1, y2, y1 = x1, x, y1, y
            out[i] = y
        return out


def noise(rng, n):
    return array("d", [rng.random() * 2.0 - 1.0 for _ in range(n)])


def filt(xs, *stages):
    for kind, f, q in stages:
        xs = Biquad(kind, f, q).run(xs)
    return xs


def normalize(xs, peak=1.0):
    p = max(abs(v) for v in xs) or 1.0
    g = peak / p
    return array("d", [v * g for v in xs])


def metal(rng, secs, count, lo, hi, tau_lo, tau_hi, attack=0.0005):
    """A cymbal-like cluster of inharmonic partials, each with its own decay (higher ones die faster)."""
    n = int(secs * RATE)
    out = array("d", [0.0]) * n
    for _ in range(count):
        f = lo + (hi - lo) * rng.random()
        tau = tau_hi - (tau_hi - tau_lo) * (f - lo) / (hi - lo)
        a = 0.4 + 0.6 * rng.random()
        ph = 2.0 * math.pi * rng.random()
        w = 2.0 * math.pi * f / RATE
        dk = math.exp(-1.0 / (tau * RATE))
        e = a
        for i in range(n):
            out[i] += e * math.sin(w * i + ph)
            e *= dk
    na = int(attack * RATE)
    for i in range(na):
        out[i] *= i / na
    return out


def decay_env(xs, tau, attack=0.0005):
    dk = math.exp(-1.0 / (tau * RATE))
    na = max(1, int(attack * RATE))
    e = 1.0
    out = array("d", xs)
    for i in range(len(out)):
        out[i] *= e * (i / na if i < na else 1.0)
        e *= dk
    return out


def mix_into(dst, src, gain=1.0):
    n = len(src)
    for i in range(n):
        dst[i] += src[i] * gain


def ride(rng):
    n = int(1.1 * RATE)
    bell = metal(rng, 1.1, 22, 2600.0, 9500.0, 0.18, 0.55)
    wash = decay_env(filt(noise(rng, n), ("hp", 4500.0, 0.7), ("hp", 4500.0, 0.7)), 0.16)
    ping = decay_env(filt(noise(rng, n), ("bp", 3200.0, 1.2)), 0.006)
    out = normalize(bell, 1.0)
    mix_into(out, normalize(wash), 0.45)
    mix_into(out, normalize(ping), 0.5)
    fade_tail(out, 0.15)
    return normalize(out)


def crash(rng):
    n = int(4.3 * RATE)
    bell = metal(rng, 4.3, 40, 1500.0, 9000.0, 0.6, 1.4, attack=0.001)
    wash = decay_env(filt(noise(rng, n), ("hp", 2500.0, 0.7), ("hp", 2500.0, 0.7)), 0.9, attack=0.002)
    out = normalize(bell, 1.0)
    mix_into(out, normalize(wash), 0.8)
    fade_tail(out, 0.5)
    return normalize(out)


def hat(rng):
    n = int(0.14 * RATE)
    out = decay_env(filt(noise(rng, n), ("bp", 7500.0, 1.0), ("hp", 5000.0, 0.7)), 0.028, attack=0.002)
    mix_into(out, normalize(metal(rng, 0.14, 8, 5000.0, 10000.0, 0.02, 0.04, attack=0.002)), 0.2)
    fade_tail(out, 0.03)
    return normalize(out)


def kick(rng):
    n = int(0.45 * RATE)
    out = array("d", [0.0]) * n
    ph = 0.0
    for i in range(n):
        t = i / RATE
        f = 50.0 + 60.0 * math.exp(-t / 0.022)
        ph += 2.0 * math.pi * f / RATE
        out[i] = math.sin(ph) * math.exp(-t / 0.15) * min(1.0, i / 40.0)
    mix_into(out, normalize(decay_env(filt(noise(rng, n), ("lp", 1500.0, 0.7)), 0.004)), 0.15)
    fade_tail(out, 0.05)
    return normalize(out)


def snare(rng):
    n = int(0.35 * RATE)
    hiss = normalize(decay_env(filt(noise(rng, n), ("bp", 2600.0, 0.6), ("hp", 900.0, 0.7)), 0.075, attack=0.001))
    tone = array("d", [math.sin(2.0 * math.pi * 185.0 * i / RATE) * math.exp(-i / (0.045 * RATE))
                       for i in range(n)])
    out = array("d", hiss)
    mix_into(out, tone, 0.45)
    fade_tail(out, 0.05)
    return normalize(out)


def fade_tail(xs, secs):
    n = int(secs * RATE)
    m = len(xs)
    for i in range(n):
        xs[m - n + i] *= 0.5 + 0.5 * math.cos(math.pi * (i + 1) / n)


def hit(buf, sample, t0, gain):
    start = max(0, int(round(t0 * RATE)))
    end = min(len(buf), start + len(sample))
    if end <= start:
        return
    buf[start:end] = array("d", [a + gain * b for a, b in zip(buf[start:end], sample)])


# ---------------------------------------------------------------------------------------------------------------
# The arrangement

def walking_bass(rng):
    """[(t0, dur, midi, amp)]: two-beat feel for bars 1-4, then a walking line; the final hit is added apart."""
    lo, hi = 29, 46  # where chord roots go (F1 .. B-flat 2); passing notes may go a little beyond

    def near(pc, ref):
        cands = [12 * o + pc for o in range(1, 5) if lo <= 12 * o + pc <= hi]
        return min(cands, key=lambda m: (abs(m - ref), m))

    def tones(chord, ref):
        """The chord's tones (root, 3rd, 5th, 6th/7th) in every octave of the bass range."""
        r, t, f, s, _ = CHORDS[chord]
        return sorted(12 * o + (r + i) % 12 for o in range(1, 5) for i in (0, t, f, s)
                      if 28 <= 12 * o + (r + i) % 12 <= 50)

    def approach(target, ref, k):
        """A note leading to target from ref: a half step from the side ref is on, now and then the fifth above."""
        cands = []
        if k % 4 == 3:
            cands.append(target + 7)
        cands += [target - 1, target + 1] if ref < target else [target + 1, target - 1]
        for c in cands:
            if c != ref and abs(c - ref) <= 7 and 28 <= c <= 50:
                return c
        return cands[-1]

    beats = []  # (bar, beat, midi, length in beats)
    root = near(10, 34)
    k = 0
    for bar in range(1, 25):
        c1, c2 = FORM[bar - 1]
        r1, t1, f1, s1, first1 = CHORDS[c1]
        if bar <= 4:  # two-beat feel: half notes
            if c1 == c2:
                second = root + f1 if root + f1 <= 45 else root + f1 - 12
            else:
                second = near(CHORDS[c2][0], root)
            beats += [(bar, 0, root, 2), (bar, 2, second, 2)]
            nxt = FORM[bar][0]
            root = near((CHORDS[nxt][0] + CHORDS[nxt][4]) % 12, second)
            continue
        if bar == 24:  # C, E-flat, F, then the break before the hit
            beats += [(bar, 0, root, 1), (bar, 1, root + 3, 1), (bar, 2, root + 5, 1)]
            break
        base = root - first1  # the chord's own root, near the first note
        if c1 != c2:
            r2 = near(CHORDS[c2][0], root)
            # beat 2: the chord tone nearest the next chord's root (not the root itself)
            step = min((m for m in tones(c1, root) if m not in (root, r2) and abs(m - root) <= 7),
                       key=lambda m: (abs(m - r2), m))
            line = [root, step, r2]
        elif first1:  # slash chord (Bb7/F): down through the chord from the fifth above its root
            if base < 28:
                root, base = root + 12, base + 12
            line = [root, base + t1, base]
        else:
            pattern = (k + rng.randrange(3)) % 4
            if pattern == 0:
                line = [root, root + t1, root + f1]
            elif pattern == 1:
                line = [root, root + 2, root + t1]
            elif pattern == 2:
                line = [root, root + f1, root + s1]
            elif root - 12 + f1 >= 28:  # down from the root
                line = [root, root - 12 + s1, root - 12 + f1]
            else:
                line = [root, root + t1, root + f1]
            if max(line) > 48:  # too high: walk down instead
                line = [root, root - 12 + s1, root - 12 + f1]
        nxt = FORM[bar][0]
        nroot = near((CHORDS[nxt][0] + CHORDS[nxt][4]) % 12, line[-1])
        line.append(approach(nroot, line[-1], k))
        for b, m in enumerate(line):
            beats.append((bar, b, m, 1))
        root = nroot
        k += 1
    notes = []
    for bar, b, m, length in beats:
        t0 = eighth_time(bar, 2 * b) - 0.004 + 0.003 * (rng.random() - 0.5)
        t1 = eighth_time(bar, 2 * b) + length * BEAT
        accent = 1.0 if b in (0, 2) else 0.9
        notes.append((t0, (t1 - t0) * 0.9, m, accent * (0.95 + 0.1 * rng.random())))
    return notes


def render_band(n):
    rng = random.Random(19401)
    total_s = n / RATE
    # mono stems: name -> buffer; panned at the end
    stems = {name: array("d", [0.0]) * n for name in
             ("lead", "bass", "guitar", "saxes", "brass", "ride", "hat", "kick", "snare", "crash")}

    # --- lead
    def lead(voice, melody, first_bar, buf, gain):
        notes = [x for x in parse(melody, first_bar) if x[2] is not None]
        for j, (e, length, m) in enumerate(notes):
            t0 = eighth_beats(e) * BEAT + 0.008 + 0.006 * (rng.random() - 0.5)
            t_end = eighth_beats(e + length) * BEAT
            gate = 0.93 if length >= 2 else 0.8
            dur = (t_end - t0) * gate
            last = (first_bar == 13 and j == len(notes) - 1)
            prev_end = notes[j - 1][0] + notes[j - 1][1] if j else -1
            fresh = prev_end != e  # starts after a rest
            amp = (1.0 if e % 2 else 0.86) * (1.06 if length >= 3 else 1.0) * (0.95 + 0.08 * rng.random())
            scoop = 0.025 if (fresh or length >= 3) else 0.0
            if last:
                dur = total_s - t0 - 1.3
                play(buf, voice, t0, dur, m, gain * 1.05, scoop=0.03, tau=3.2, release=0.45,
                     vib_phase=rng.random())
            else:
                play(buf, voice, t0, dur, m, gain * amp, scoop=scoop, vib_phase=rng.random())

    lead(clarinet, CLARINET, 1, stems["lead"], 1.0)
    lead(trumpet, TRUMPET, 13, stems["lead"], 0.95)

    # --- bass
    for t0, dur, m, amp in walking_bass(rng):
        play(stems["bass"], bass, t0, dur, m, amp)
    t_final = eighth_time(*FINAL)
    play(stems["bass"], bass, t_final - 0.004, total_s - t_final - 0.5, 34, 1.1, tau=1.4, release=0.4)

    # --- rhythm guitar: every beat, short, 2 and 4 a little stronger; a downstroke rolls low to high
    def strum(t0, voicing, dur, amp, tau=None, release=None, spread=0.006):
        for j, m in enumerate(voicing):
            play(stems["guitar"], guitar, t0 + spread * j, dur - spread * j, m,
                 amp * (1.0 - 0.08 * j), tau=tau, release=release)

    for bar in range(1, 25):
        for b in range(4):
            if bar == 24 and b == 3:
                continue
            c = FORM[bar - 1][0 if b < 2 else 1]
            t0 = eighth_time(bar, 2 * b) + 0.003 * (rng.random() - 0.5)
            strum(t0, GUITAR[c], 0.16, (1.0 if b % 2 else 0.8) * (0.95 + 0.1 * rng.random()))
    strum(t_final, GUITAR["Bb69"], total_s - t_final - 0.6, 1.0, tau=1.1, release=0.5, spread=0.012)

    # --- saxes: sustained backgrounds, bars 5-12 and 17-24 (each chord held for as long as it lasts)
    def pads(first, last):
        spans = []
        for bar in range(first, last + 1):
            for half in (0, 1):
                c = FORM[bar - 1][half]
                t0 = eighth_time(bar, 4 * half)
                if spans and spans[-1][0] == c:
                    spans[-1][2] = t0 + 2 * BEAT
                else:
                    spans.append([c, t0, t0 + 2 * BEAT])
        for c, t0, t1 in spans:
            if t1 > eighth_time(24, 6):
                t1 = eighth_time(24, 6)
            for j, m in enumerate(PADS[c]):
                play(stems["saxes"], saxes, t0 + 0.01 * rng.random(), t1 - t0 - 0.04, m,
                     0.9 - 0.1 * j, vib_phase=rng.random())

    pads(5, 12)
    pads(17, 24)
    for j, m in enumerate(PADS["Bb69"]):
        play(stems["saxes"], saxes, t_final + 0.006 * j, total_s - t_final - 0.9, m, 1.0 - 0.08 * j,
             tau=1.6, release=0.5, vib_phase=rng.random())

    # --- brass punches
    for bar, e in PUNCHES:
        c = chord_at(bar, e)
        t0 = eighth_time(bar, e) + 0.004 * (rng.random() - 0.5)
        for m in PADS[c]:
            play(stems["brass"], brass, t0, 0.17, m + 12, 0.9)
        hit(stems["kick"], KICK, t0, 0.9)
    for j, m in enumerate(PADS["Bb69"][1:]):
        play(stems["brass"], brass, t_final + 0.004 * j, 1.6, m + 12, 0.6, tau=0.9, release=0.5)

    # --- drums
    rides = [ride(rng) for _ in range(3)]
    hh, sn, cr = hat(rng), snare(rng), crash(rng)
    def jitter():
        return 0.003 * (rng.random() - 0.5)

    r = 0
    for bar in range(1, 25):
        loud = 1.0 if bar > 12 else 0.8
        for b in range(4):
            t = eighth_time(bar, 2 * b)
            brk = bar == 24 and b == 3  # the break before the final hit
            fill = bar == 12 and b >= 2
            if not brk:
                # ride: ding, ding-a ding, ding-a (2 and 4 a little stronger, the skip notes softer)
                hit(stems["ride"], rides[r % 3], t + jitter(),
                    loud * (1.0 if b % 2 else 0.82) * (0.92 + 0.1 * rng.random()))
                r += 1
                if b % 2:
                    hit(stems["ride"], rides[r % 3], eighth_time(bar, 2 * b + 1) + jitter(),
                        loud * 0.6 * (0.9 + 0.1 * rng.random()))
                    r += 1
                hit(stems["kick"], KICK, t + jitter(), 0.35 * (0.9 + 0.1 * rng.random()))  # feathered, every beat
            if b % 2:  # hi-hat foot and snare on 2 and 4
                hit(stems["hat"], hh, t + jitter(), 0.8)
                if not (brk or fill):
                    hit(stems["snare"], sn, t + jitter(), (0.45 if bar <= 12 else 0.6) * (0.9 + 0.1 * rng.random()))
            if bar > 12 and b in (0, 2) and rng.random() < 0.3:  # chorus 2: ghost notes on swung off-beats
                hit(stems["snare"], sn, eighth_time(bar, 2 * b + 1) + jitter(), 0.18)
    # fill into chorus 2 (triplets on beats 3-4 of bar 12), crash with the band's pickup
    base = eighth_time(12, 4)
    for i, g in enumerate((0.35, 0.45, 0.55, 0.65, 0.8)):
        hit(stems["snare"], sn, base + i * BEAT / 3.0, g)
    hit(stems["crash"], cr, eighth_time(12, 7), 0.7)
    hit(stems["crash"], cr, eighth_time(16, 7), 0.45)
    # into the last hit: snare on 4, then crash, kick and snare with the band
    hit(stems["snare"], sn, eighth_time(24, 6), 0.8)
    hit(stems["crash"], cr, t_final, 1.0)
    hit(stems["kick"], KICK, t_final, 1.0)
    hit(stems["snare"], sn, t_final, 0.9)

    # --- mix: (stem, gain, pan -1..1)
    mix = [("lead", 0.26, 0.1), ("bass", 0.32, 0.0), ("guitar", 0.095, -0.4), ("saxes", 0.035, 0.35),
           ("brass", 0.07, -0.25), ("ride", 0.18, 0.4), ("hat", 0.06, -0.3), ("kick", 0.13, 0.0),
           ("snare", 0.16, -0.1), ("crash", 0.10, -0.35)]
    left = array("d", [0.0]) * n
    right = array("d", [0.0]) * n
    for name, g, pan in mix:
        gl = g * math.cos((pan + 1.0) * math.pi / 4.0) * math.sqrt(2.0)
        gr = g * math.sin((pan + 1.0) * math.pi / 4.0) * math.sqrt(2.0)
        s = stems[name]
        left = array("d", [a + gl * x for a, x in zip(left, s)])
        right = array("d", [a + gr * x for a, x in zip(right, s)])
    return left, right, stems


KICK = kick(random.Random(7))


# ---------------------------------------------------------------------------------------------------------------
# Crackle: sparse ticks, a few pops, and a faint scratch once per turn of a 78 rpm disc.

def render_crackle(n):
    rng = random.Random(7878)
    left = array("d", [0.0]) * n
    right = array("d", [0.0]) * n

    def put(t, shape, gl, gr):
        k = int(t * RATE)
        for i, v in enumerate(shape):
            if k + i < n:
                left[k + i] += v * gl
                right[k + i] += v * gr

    def ticks(rate, amp_fn, shape_fn):
        t = 0.0
        while True:
            t += -math.log(1.0 - rng.random()) / rate
            if t >= n / RATE:
                return
            a = amp_fn() * (1.0 if rng.random() < 0.5 else -1.0)
            spread = 0.75 + 0.25 * rng.random()  # the groove wall: one side a little weaker
            gl, gr = (a, a * spread) if rng.random() < 0.5 else (a * spread, a)
            put(t, shape_fn(), gl, gr)

    # ticks: a couple of samples wide
    ticks(16.0, lambda: 0.12 + 0.5 * rng.random() ** 3,
          lambda: [1.0, -0.5 + 0.3 * rng.random(), 0.15])
    # pops: a short damped thump, 1-3 ms
    def pop():
        f = 400.0 + 1100.0 * rng.random()
        tau = (0.4 + 0.8 * rng.random()) / 1000.0
        return [math.sin(2.0 * math.pi * f * i / RATE) * math.exp(-i / (tau * RATE))
                for i in range(int(6 * tau * RATE))]
    ticks(0.9, lambda: 0.35 + 0.65 * rng.random() ** 2, pop)
    # the same scratch coming round every turn (78 rpm), slightly irregular
    period = 60.0 / 78.0
    t = 0.31
    while t < n / RATE:
        a = 0.18 * (0.8 + 0.4 * rng.random())
        put(t + 0.0008 * (rng.random() - 0.5), [a, -0.4 * a, 0.6 * a, -0.2 * a], 1.0, 0.85)
        t += period
    return left, right


# ---------------------------------------------------------------------------------------------------------------

def main(argv):
    if len(argv) != 4 or argv[1] not in ("band", "crackle"):
        sys.stderr.write("usage: music.py band|crackle OUT.f32 SAMPLES\n")
        return 2
    n = int(argv[3])
    if argv[1] == "band":
        left, right, _ = render_band(n)
    else:
        left, right = render_crackle(n)
    write(argv[2], left, right)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
