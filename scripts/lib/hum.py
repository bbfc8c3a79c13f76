"""Writes a loopable test tone as a 16-bit PCM mono WAV at 44.1 kHz: a 440 Hz sine at half of full scale, 0.5 s
long (220 whole cycles, so it loops without a seam). Standard library only; the output is always the same."""
import math
import struct
import sys
import wave

RATE, FREQ, SECONDS, AMPLITUDE = 44100, 440, 0.5, 0.5

with wave.open(sys.argv[1], "wb") as w:
    w.setnchannels(1)
    w.setsampwidth(2)
    w.setframerate(RATE)
    n = int(RATE * SECONDS)
    w.writeframes(b"".join(struct.pack("<h", round(32767 * AMPLITUDE * math.sin(2 * math.pi * FREQ * i / RATE)))
                           for i in range(n)))
