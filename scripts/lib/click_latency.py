#!/usr/bin/env python3
"""Click → first sound sample, end to end (scripts/bench latency).

Runs inside the bench's X server with the player's window already open and PulseAudio's null sink as the sound
card. A reader thread takes the sink's monitor from parec in 1 ms fragments and notes when each fragment holding a
non-silent sample arrives; the main thread puts the pointer on the Play button (xdotool) and clicks it through XTest
(a real X button press and release, as xdotool makes, but from this process so the moment is known), then Stop,
`clicks` times. For each Play click the figure is the time from the X server having the press (XSync returned) to
the first non-silent fragment after it, so the player's event loop, its mixer buffer, PulseAudio's queue and the
monitor's own fragment are all counted (the figure errs long, never short).

usage: click_latency.py WINDOW_NAME X Y CLICKS MONITOR_SOURCE
prints one line per Play click: `click N ms M`, or `click N no sound` when none came within a second.
"""
import array
import ctypes
import os
import subprocess
import sys
import threading
import time

RATE = 44100
CHANNELS = 2
# |sample| above this counts as sound (the music is far louder; the null sink's silence is exact zeros).
THRESHOLD = 64


def reader(stream, arrivals, stop):
    """Appends the arrival time of every fragment holding a non-silent sample."""
    fd = stream.fileno()
    while not stop.is_set():
        data = os.read(fd, 4096)
        now = time.monotonic()
        if not data:
            return
        samples = array.array("h", data[: len(data) // 2 * 2])  # s16le, little-endian like the machine
        loud = any(v > THRESHOLD or v < -THRESHOLD for v in samples)
        if loud:
            arrivals.append(now)


def xdotool(*args):
    subprocess.run(["xdotool", *args], check=True)


# The click itself goes through XTest in this process (xdotool takes ~100 ms to start, too long to time from).
X11 = ctypes.CDLL("libX11.so.6")
XTST = ctypes.CDLL("libXtst.so.6")
X11.XOpenDisplay.restype = ctypes.c_void_p
X11.XOpenDisplay.argtypes = [ctypes.c_char_p]
X11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
XTST.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
DISPLAY = X11.XOpenDisplay(None)


def click():
    """Presses and releases the left button where the pointer is; returns when the X server has the press."""
    XTST.XTestFakeButtonEvent(DISPLAY, 1, 1, 0)
    X11.XSync(DISPLAY, 0)
    pressed = time.monotonic()
    XTST.XTestFakeButtonEvent(DISPLAY, 1, 0, 0)
    X11.XSync(DISPLAY, 0)
    return pressed


def main():
    name, x, y, clicks, monitor = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
    parec = subprocess.Popen(["parec", "-d", monitor, "--raw", "--format=s16le", f"--rate={RATE}",
                              f"--channels={CHANNELS}", "--latency-msec=1"], stdout=subprocess.PIPE)
    arrivals, stop = [], threading.Event()
    thread = threading.Thread(target=reader, args=(parec.stdout, arrivals, stop), daemon=True)
    thread.start()
    window = subprocess.run(["xdotool", "search", "--sync", "--name", name], check=True,
                            capture_output=True, text=True).stdout.split()[0]
    xdotool("mousemove", "--window", window, x, y)
    time.sleep(3)  # the first frame, the decoders loaded, the monitor running
    for n in range(1, clicks + 1):
        clicked = click()          # Play
        time.sleep(1.5)
        after = [t for t in arrivals if t > clicked]
        if after:
            print(f"click {n} ms {(after[0] - clicked) * 1000:.1f}", flush=True)
        else:
            print(f"click {n} no sound", flush=True)
        click()                    # Stop
        time.sleep(1.0)
        # Silence again before the next Play (a Stop that did not stop would make the next figure meaningless).
        quiet_since = time.monotonic() - 0.5
        if any(t > quiet_since for t in arrivals):
            print(f"click {n}: the sound did not stop", file=sys.stderr, flush=True)
    stop.set()
    parec.terminate()
    parec.wait()


if __name__ == "__main__":
    main()
