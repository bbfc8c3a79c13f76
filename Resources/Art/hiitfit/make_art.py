#!/usr/bin/env python3
"""Draws HIITFit's original art as SVG (spec 06 §3.1); scripts/render-art renders it to PNG.

  python3 Resources/Art/hiitfit/make_art.py && scripts/render-art hiitfit icons

- hiitfit/step-up.svg (320 x 312): orange running shoes stepping up grey concrete stairs.
- hiitfit/<exercise>_00 ... _11.svg (360 x 640): one figure doing the exercise, a 12-frame loop (frame 0 is the
  poster). Poses are key-framed joint angles, eased between keys.
- icons/icon_*.svg (64 x 64 alpha masks): the SF Symbols HIITFit uses (circled digits outlined and filled, arrow
  in a circle, heart-rate waveform, x in a circle, raised hand).
Deterministic: the same files every run.
"""
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ICONS = os.path.join(HERE, "..", "icons")


def write(path, w, h, body):
    with open(path, "w") as f:
        f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">\n{body}</svg>\n')


# ---------------------------------------------------------------- icons

DIGITS = {  # stroked paths in a 64 x 64 box, centred on (32, 32)
    1: "M26 24 L33 19 L33 45 M26 45 L40 45",
    2: "M24 25 C24 17 40 16 40 25 C40 32 26 37 24 45 L41 45",
    3: "M24 21 C28 16 40 17 39 25 C38 31 31 31 29 31 C33 31 41 32 40 39 C39 47 27 48 23 42",
    4: "M36 45 L36 19 L22 38 L42 38",
}


def circled_digit(n, filled):
    if filled:
        return (f'<mask id="m"><rect width="64" height="64" fill="white"/>'
                f'<path d="{DIGITS[n]}" fill="none" stroke="black" stroke-width="5" stroke-linecap="round" '
                f'stroke-linejoin="round"/></mask><circle cx="32" cy="32" r="30" fill="white" mask="url(#m)"/>\n')
    return (f'<circle cx="32" cy="32" r="28" fill="none" stroke="white" stroke-width="4"/>\n'
            f'<path d="{DIGITS[n]}" fill="none" stroke="white" stroke-width="4.5" stroke-linecap="round" '
            f'stroke-linejoin="round"/>\n')


ICON_NOTE = "<!-- Template icon (white alpha mask, tinted when drawn). Original artwork made for the Zoetrope project. -->\n"


def icons():
    for n in range(1, 5):
        write(os.path.join(ICONS, f"icon_{n}_circle.svg"), 64, 64, ICON_NOTE + circled_digit(n, False))
        write(os.path.join(ICONS, f"icon_{n}_circle_fill.svg"), 64, 64, ICON_NOTE + circled_digit(n, True))
    ring = ICON_NOTE + '<circle cx="32" cy="32" r="28" fill="none" stroke="white" stroke-width="4"/>\n'
    write(os.path.join(ICONS, "icon_arrow_right_circle.svg"), 64, 64, ring +
          '<path d="M18 32 L45 32 M35 21 L46 32 L35 43" fill="none" stroke="white" stroke-width="4.5" '
          'stroke-linecap="round" stroke-linejoin="round"/>\n')
    write(os.path.join(ICONS, "icon_xmark_circle.svg"), 64, 64, ring +
          '<path d="M22 22 L42 42 M42 22 L22 42" fill="none" stroke="white" stroke-width="4.5" '
          'stroke-linecap="round"/>\n')
    write(os.path.join(ICONS, "icon_waveform_path_ecg.svg"), 64, 64, ICON_NOTE +
          '<path d="M3 34 L17 34 L22 24 L28 50 L35 10 L41 42 L45 34 L61 34" fill="none" stroke="white" '
          'stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/>\n')
    # A raised open hand, palm toward the viewer: four fingers, a thumb to the left, the palm and the wrist.
    fingers = "".join(
        f'<rect x="{x}" y="{y}" width="8.5" height="{h}" rx="4.25" fill="white"/>'
        for x, y, h in [(18, 11, 30), (27.5, 4, 36), (37, 6, 34), (46.5, 14, 26)])
    write(os.path.join(ICONS, "icon_hand_raised.svg"), 64, 64,
          ICON_NOTE + fingers +
          '<rect x="5" y="30" width="8.5" height="24" rx="4.25" fill="white" transform="rotate(-38 9 42)"/>'
          '<path d="M17 30 L55 30 L55 44 C55 55 48 62 37 62 L31 62 C22 62 17 56 15 48 Z" fill="white"/>\n')


# ---------------------------------------------------------------- step-up picture

def step_up():
    parts = ['<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">'
             '<stop offset="0" stop-color="#dfe6ea"/><stop offset="1" stop-color="#b9c2c7"/></linearGradient>'
             '<linearGradient id="tread" x1="0" y1="0" x2="0" y2="1">'
             '<stop offset="0" stop-color="#a7aaad"/><stop offset="1" stop-color="#8d9094"/></linearGradient>'
             '<linearGradient id="riser" x1="0" y1="0" x2="0" y2="1">'
             '<stop offset="0" stop-color="#77797c"/><stop offset="1" stop-color="#5f6164"/></linearGradient>'
             '<linearGradient id="shoe" x1="0" y1="0" x2="0" y2="1">'
             '<stop offset="0" stop-color="#ff9a2e"/><stop offset="1" stop-color="#e8620c"/></linearGradient>'
             '<linearGradient id="leg" x1="0" y1="0" x2="1" y2="0">'
             '<stop offset="0" stop-color="#2b2f3a"/><stop offset="0.5" stop-color="#454b5b"/>'
             '<stop offset="1" stop-color="#2b2f3a"/></linearGradient></defs>',
             '<rect width="320" height="312" fill="url(#sky)"/>']
    # Three steps rising to the right: each a tread (top face) and a riser (front face).
    for i, (x, y) in enumerate([(0, 250), (90, 180), (190, 110)]):
        parts.append(f'<rect x="{x}" y="{y}" width="{320 - x}" height="{312 - y}" fill="url(#riser)"/>')
        parts.append(f'<polygon points="{x},{y} {320},{y} {320},{y - 22} {x + 18},{y - 22}" fill="url(#tread)"/>')
        # Concrete speckle, deterministic.
        for k in range(14):
            sx = x + 12 + (k * 37 + i * 19) % max(1, 300 - x)
            sy = y + 8 + (k * 23 + i * 11) % 50
            if sx < 318 and sy < 310:
                parts.append(f'<circle cx="{sx}" cy="{sy}" r="{1 + k % 3 * 0.6:.1f}" fill="#55575a" opacity="0.5"/>')
    # Back foot on the lower step, heel lifted; front foot planted on the next step.
    def shoe(x, y, angle):
        return (f'<g transform="translate({x} {y}) rotate({angle})">'
                f'<path d="M-8 -14 C10 -22 44 -18 62 -6 C70 0 68 10 58 12 L-10 12 C-18 12 -18 -8 -8 -14 Z" fill="url(#shoe)"/>'
                f'<rect x="-12" y="8" width="80" height="7" rx="3.5" fill="#f4f4f2"/>'
                f'<path d="M8 -14 L20 -4 M18 -17 L30 -6 M28 -18 L39 -8" stroke="#fff3e0" stroke-width="3" stroke-linecap="round"/>'
                f'<path d="M50 -8 C56 -4 60 0 62 6" stroke="#b94a05" stroke-width="2" fill="none"/></g>')
    parts.append('<path d="M70 40 L104 40 L100 208 L72 210 Z" fill="url(#leg)"/>')
    parts.append(shoe(70, 220, -18))
    parts.append('<path d="M176 0 L214 0 L206 150 L176 152 Z" fill="url(#leg)"/>')
    parts.append(shoe(176, 160, 0))
    write(os.path.join(HERE, "step-up.svg"), 320, 312, "\n".join(parts) + "\n")


# ---------------------------------------------------------------- exercise loops

W, H = 360, 640
SKIN, SHIRT, PANTS, SHOES = "#e0a57a", "#2f8fd8", "#2b2f3a", "#ff7a1a"
THIGH, SHIN, UPPER, FORE, TORSO = 62, 60, 44, 42, 86


def point(p, length, deg):
    """From p, `length` along direction deg (0 = straight down, positive = toward the figure's front, right)."""
    r = math.radians(deg)
    return (p[0] + length * math.sin(r), p[1] + length * math.cos(r))


def figure(pose, extra=""):
    """A side-view figure facing right. pose: hip (x, y), torso lean (deg from up, + = forward), and thigh, shin,
    upper-arm and forearm directions (deg from straight down, + = forward) for the near and far limbs."""
    hip = pose["hip"]
    lean = math.radians(pose["lean"])
    neck = (hip[0] + TORSO * math.sin(lean), hip[1] - TORSO * math.cos(lean))
    head = (neck[0] + 24 * math.sin(lean), neck[1] - 24 * math.cos(lean))
    shoulder = (hip[0] + (TORSO - 8) * math.sin(lean), hip[1] - (TORSO - 8) * math.cos(lean))

    def limb(start, a, b, l1, l2, colour, width):
        mid = point(start, l1, a)
        end = point(mid, l2, b)
        return mid, end, (f'<polyline points="{start[0]:.1f},{start[1]:.1f} {mid[0]:.1f},{mid[1]:.1f} '
                          f'{end[0]:.1f},{end[1]:.1f}" fill="none" stroke="{colour}" stroke-width="{width}" '
                          f'stroke-linecap="round" stroke-linejoin="round"/>')

    out = []
    for side, shade in (("far", 0.75), ("near", 1.0)):
        op = f' opacity="{shade}"' if shade < 1 else ""
        _, foot, leg = limb(hip, pose[side + "Thigh"], pose[side + "Shin"], THIGH, SHIN, PANTS, 22)
        _, hand, arm = limb(shoulder, pose[side + "Upper"], pose[side + "Fore"], UPPER, FORE, SKIN, 13)
        shoe = (f'<ellipse cx="{foot[0] + 9:.1f}" cy="{foot[1] + 4:.1f}" rx="17" ry="8" fill="{SHOES}"'
                f' transform="rotate({pose.get(side + "Foot", 0)} {foot[0]:.1f} {foot[1]:.1f})"/>')
        if side == "far":
            out.append(f'<g{op}>{leg}{shoe}{arm}</g>')
        else:
            body = (f'<line x1="{hip[0]:.1f}" y1="{hip[1]:.1f}" x2="{neck[0]:.1f}" y2="{neck[1]:.1f}" '
                    f'stroke="{SHIRT}" stroke-width="34" stroke-linecap="round"/>')
            headc = f'<circle cx="{head[0]:.1f}" cy="{head[1]:.1f}" r="21" fill="{SKIN}"/>'
            hair = (f'<path d="M{head[0] - 21:.1f},{head[1]:.1f} a21,21 0 0 1 42,-4 l-10,-2 z" fill="#3b2a20"/>')
            out.append(body + headc + hair + leg + shoe + arm)
    return extra + "".join(out)


def ease(u):
    return 0.5 - 0.5 * math.cos(math.pi * u)


def blend(a, b, u):
    out = {}
    for k in a:
        if k == "hip":
            out[k] = (a[k][0] + (b[k][0] - a[k][0]) * u, a[k][1] + (b[k][1] - a[k][1]) * u)
        else:
            out[k] = a[k] + (b[k] - a[k]) * u
    return out


def stand(x=180, y=390, **kw):
    p = dict(hip=(x, y), lean=0, nearThigh=4, nearShin=0, farThigh=-4, farShin=0, nearUpper=8, nearFore=14,
             farUpper=-6, farFore=0, nearFoot=0, farFoot=0)
    p.update(kw)
    return p


EXERCISES = {
    "squat": [stand(),
              stand(x=160, y=455, lean=38, nearThigh=78, nearShin=-22, farThigh=74, farShin=-20,
                    nearUpper=95, nearFore=95, farUpper=90, farFore=90)],
    "step-up": [stand(x=160, nearThigh=55, nearShin=-5),
                stand(x=205, y=360, lean=6, nearThigh=2, nearShin=0, farThigh=-5, farShin=-25,
                      nearUpper=-20, farUpper=20)],
    "burpee": [stand(),
               stand(x=165, y=460, lean=55, nearThigh=85, nearShin=-30, farThigh=80, farShin=-28, nearUpper=8,
                     nearFore=4, farUpper=4, farFore=2),
               stand(x=170, y=452, lean=72, nearThigh=-70, nearShin=-72, farThigh=-68, farShin=-70, nearUpper=2,
                     nearFore=0, farUpper=0, farFore=0, nearFoot=-30, farFoot=-30),
               stand(y=350, nearUpper=175, nearFore=178, farUpper=170, farFore=175, nearShin=-10, farShin=-12)],
    "sun-salute": [stand(nearUpper=178, nearFore=180, farUpper=175, farFore=178, lean=-8),
                   stand(x=150, y=400, lean=100, nearUpper=8, nearFore=5, farUpper=4, farFore=2,
                         nearThigh=-10, farThigh=-12),
                   stand(nearUpper=20, nearFore=60, farUpper=15, farFore=55)],
}


def step_box():
    return ('<rect x="190" y="490" width="150" height="30" rx="5" fill="#9aa3ab"/>'
            '<rect x="190" y="490" width="150" height="8" rx="4" fill="#b8c0c7"/>')


def exercises():
    for name, keys in EXERCISES.items():
        frames = 12
        for f in range(frames):
            u = f / frames * len(keys)
            k = int(u)
            pose = blend(keys[k], keys[(k + 1) % len(keys)], ease(u - k))
            extra = step_box() if name == "step-up" else ""
            floor = (f'<rect width="{W}" height="{H}" fill="#f1f4f7"/><rect y="520" width="{W}" height="120" '
                     f'fill="#dde3e8"/><line x1="0" y1="520" x2="{W}" y2="520" stroke="#c5cdd4" stroke-width="2"/>')
            write(os.path.join(HERE, f"{name}_{f:02d}.svg"), W, H, floor + "\n" + figure(pose, extra) + "\n")


if __name__ == "__main__":
    icons()
    step_up()
    exercises()
