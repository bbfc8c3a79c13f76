"""Raw stereo float output shared by the sound scripts (music.py, bells.py): make-sounds reads it with sox."""
import sys
from array import array


def write(path, left, right, normalize=True):
    """Writes interleaved 32-bit float stereo, native little-endian, scaled so the peak is 0.5 (or by 0.5)."""
    p = max(max(abs(v) for v in left), max(abs(v) for v in right)) or 1.0
    g = 0.5 / p if normalize else 0.5
    out = array("f", [0.0]) * (2 * len(left))
    out[0::2] = array("f", [v * g for v in left])
    out[1::2] = array("f", [v * g for v in right])
    if sys.byteorder != "little":
        out.byteswap()
    with open(path, "wb") as f:
        out.tofile(f)
