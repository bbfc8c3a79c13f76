"""Writes one of Zoetrope's JSON particle effects (Resources/Effects/*.json, SpriteKit's property names) as an
Xcode-style `.sks` file: a binary NSKeyedArchiver property list whose root is an SKEmitterNode (spec 05 §1.3a).

Only what our effects use is written: scalars inline, points as "{x, y}" strings, the texture as an SKTexture with
its image name (and its size in points when given), a colour ramp as an SKKeyframeSequence of calibrated-RGB
NSColors. Standard library only (plistlib), so the output is the same on every machine.
"""
import json
import plistlib
import sys

SCALARS = {
    "particleBirthRate": "_birthrate", "particleLifetime": "_lifetime", "particleLifetimeRange": "_lifetimeVariance",
    "emissionAngle": "_emissionAngle", "emissionAngleRange": "_emissionAngleVariance",
    "particleSpeed": "_startSpeed", "particleSpeedRange": "_startSpeedVariance",
    "particleAlpha": "_startOpacity", "particleAlphaRange": "_startOpacityVariance", "particleAlphaSpeed": "_opacitySpeed",
    "particleScale": "_startScale", "particleScaleRange": "_startScaleVariance", "particleScaleSpeed": "_scaleSpeed",
    "particleRotation": "_startRotation", "particleRotationRange": "_startRotationVariance",
    "particleRotationSpeed": "_rotationSpeed",
    "particleColorBlendFactor": "_startColorMix", "particleColorBlendFactorRange": "_startColorBlendVariance",
    "particleColorBlendFactorSpeed": "_colorBlendSpeed",
}
BLEND = {"alpha": 0, "add": 1, "subtract": 2, "multiply": 3, "multiplyX2": 4, "screen": 5, "replace": 6}


class Archive:
    def __init__(self):
        self.objects = ["$null"]
        self.classes = {}

    def add(self, obj):
        self.objects.append(obj)
        return plistlib.UID(len(self.objects) - 1)

    def cls(self, name, supers):
        if name not in self.classes:
            self.classes[name] = self.add({"$classname": name, "$classes": [name] + supers})
        return self.classes[name]

    def obj(self, name, supers, fields):
        fields = dict(fields)
        fields["$class"] = self.cls(name, supers)
        return self.add(fields)

    def array(self, items):
        return self.obj("NSMutableArray", ["NSArray", "NSObject"], {"NS.objects": items})

    def color(self, c):
        rgba = "%g %g %g %g" % (c["r"], c["g"], c["b"], c["a"])
        return self.obj("NSColor", ["NSObject"], {"NSColorSpace": 1, "NSRGB": rgba.encode("ascii") + b"\0"})


def point(v, x="x", y="y"):
    return "{%g, %g}" % (v[x], v[y])


def emitter(effect, texture_size):
    a = Archive()
    fields = {sks: effect[json_key] for json_key, sks in SCALARS.items() if json_key in effect}
    c = effect.get("particleColor", {"r": 1, "g": 1, "b": 1, "a": 1})
    fields.update({"_startColorR": c["r"], "_startColorG": c["g"], "_startColorB": c["b"], "_startColorA": c["a"]})
    fields["_particleBlendMode"] = BLEND[effect.get("particleBlendMode", "alpha")]
    fields["_numParticlesToEmit"] = a.add(effect.get("numParticlesToEmit", 0))
    fields["_startPosition"] = a.add(point(effect.get("particlePosition", {"x": 0, "y": 0})))
    fields["_startPositionVariance"] = a.add(point(effect.get("particlePositionRange", {"x": 0, "y": 0})))
    fields["_acceleration"] = a.add("{%g, %g}" % (effect.get("xAcceleration", 0), effect.get("yAcceleration", 0)))
    if "particleTexture" in effect:
        tex = {"_imgName": a.add(effect["particleTexture"])}
        if texture_size:
            tex["_size"] = a.obj("NSValue", ["NSObject"], {"NS.special": 2, "NS.sizeval": a.add(texture_size)})
        fields["_particleTexture"] = a.obj("SKTexture", ["NSObject"], tex)
    ramp = effect.get("particleColorSequence")
    if ramp:
        fields["_particleColorSequence"] = a.obj("SKKeyframeSequence", ["NSObject"], {
            "_times": a.array(ramp["keyframeTimes"]),
            "_values": a.array([a.color(v) for v in ramp["keyframeValues"]]),
            "_interpolationMode": 1, "_repeatMode": 1,
        })
    root = a.obj("SKEmitterNode", ["SKNode", "UIResponder", "NSObject"], fields)
    return {"$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"root": root}, "$objects": a.objects}


if __name__ == "__main__":
    source, target = sys.argv[1], sys.argv[2]
    size = sys.argv[3] if len(sys.argv) > 3 else None   # "{151, 155}": the texture's size in points
    with open(source) as f:
        effect = json.load(f)
    with open(target, "wb") as f:
        plistlib.dump(emitter(effect, size), f, fmt=plistlib.FMT_BINARY, sort_keys=True)
