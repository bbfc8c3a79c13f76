import Views

/// Chapter 7, "Gears and Belts" (spec 02 §5; the book's `ContentView`): on brushed gold, a compressor motor drives
/// a train of spinning gears linked by marching chain belts; four gears and two belts are tilted almost edge-on,
/// a worm screw and two shafts seem to turn by blinking bars, and a fan spins at the bottom. Everything is centred
/// on the 390 × 844 canvas; positions are offsets from its centre.
struct GearsAndBelts: View {
    /// Gear 4 turns once in 7 s in the book, in 5 s in the publisher's project (spec 02 §7).
    var gear4Duration = 7.0

    var body: some View {
        ZStack {
            // 640 × 1136 filled into 400 × 1000: 563.4 × 1000, overflowing its frame (not clipped).
            Image("goldBackground")
                .resizable()
                .aspectRatio(contentMode: .fill)
                .frame(width: 400, height: 1000)
                .named("background")

            machine
        }
        // The canvas's own size keeps every centre exact: the stack is as wide as B1 (425), and centring 425 on 390
        // would put it on a half point, which the root rounds to a whole one.
        .frame(width: 390, height: 844)
    }

    /// The moving parts in their own ZStack, so the worm's and the shafts' zIndex −1 puts them behind every other
    /// part but not behind the background (spec 02 §5.1 draw order).
    private var machine: some View {
        ZStack {
            Image("motor")
                .resizable()
                .aspectRatio(contentMode: .fit)
                .frame(width: 140, height: 120)
                .offset(x: -120, y: 90)
                .named("motor")

            Group {
                GearView(gearImage: "doubleGear", gearWidth: 40, rotationDegrees: 360, duration: 5,
                         offsetGearX: -124, offsetGearY: 102).named("G1")
                GearView(gearImage: "doubleGear", gearWidth: 100, rotationDegrees: 360, duration: 7,
                         offsetGearX: -124, offsetGearY: -280).named("G2")
                GearView(gearImage: "doubleGear", gearWidth: 100, rotationDegrees: 360, duration: 7,
                         offsetGearX: 124, offsetGearY: -280).named("G3")
                GearView(gearImage: "doubleGear", gearWidth: 100, rotationDegrees: 360, duration: gear4Duration,
                         offsetGearX: 124, offsetGearY: -70).named("G4")
                GearView(gearImage: "doubleGear", gearWidth: 80, rotationDegrees: -360, duration: 5,
                         offsetGearX: 49, offsetGearY: -113).named("G5")
                GearView(gearImage: "doubleGear", gearWidth: 100, rotationDegrees: 360, duration: 7,
                         offsetGearX: -6, offsetGearY: -80).named("G6")
            }
            // Tilted almost edge-on about the vertical axis, turning counter-clockwise in their own plane.
            Group {
                GearView(gearImage: "singleGear", gearWidth: 100, rotationDegrees: -360, duration: 7, tiltDegrees: 76,
                         offsetGearX: -62, offsetGearY: -85).named("G7")
                GearView(gearImage: "singleGear", gearWidth: 25, rotationDegrees: -360, duration: 7, tiltDegrees: 76,
                         offsetGearX: -59, offsetGearY: 19).named("G8")
                GearView(gearImage: "singleGear", gearWidth: 100, rotationDegrees: -360, duration: 7, tiltDegrees: 76,
                         offsetGearX: 160, offsetGearY: 94).named("G10")
                GearView(gearImage: "singleGear", gearWidth: 25, rotationDegrees: -360, duration: 7, tiltDegrees: 76,
                         offsetGearX: 163, offsetGearY: 252).named("G11")
                // Tilted about the horizontal axis: the big gear crossing over the worm.
                GearView(gearImage: "singleGear", gearWidth: 175, rotationDegrees: 360, duration: 7, tiltDegrees: 84,
                         tiltAxis: (x: 1, y: 0, z: 0), offsetGearX: 60, offsetGearY: 39).named("G9")
            }

            // Declared after G9 but drawn behind every part (zIndex −1), so G9 crosses over the worm; the shafts,
            // declared later, draw over the worm (spec 02 §5.1).
            WormGearView()
                .offset(x: 60, y: 30)
                .zIndex(-1)
                .named("wormGear")
            GearShaftView(barName: "shaft1Bar")
                .offset(x: 5, y: 28)
                .zIndex(-1)
                .named("shaft1")
            GearShaftView(barName: "shaft2Bar")
                .offset(x: 95, y: 260)
                .zIndex(-1)
                .named("shaft2")

            Group {
                BeltView(animateBelt: true, beltWidth: 425, beltHeight: 48, rotateBelt: 90,
                         offsetBeltX: -124, offsetBeltY: -90).named("B1")
                BeltView(animateBelt: true, beltWidth: 352, beltHeight: 100,
                         offsetBeltX: 0, offsetBeltY: -280).named("B2")
                BeltView(animateBelt: true, beltWidth: 258, beltHeight: 48, rotateBelt: 90,
                         offsetBeltX: 124, offsetBeltY: -175).named("B3")
                BeltView(animateBelt: false, beltWidth: 32, beltHeight: 125, tiltDegrees: 75,
                         offsetBeltX: -60, offsetBeltY: -33).named("B4")
                BeltView(animateBelt: false, beltWidth: 28, beltHeight: 180, liftBelt: -10, tiltDegrees: 75,
                         offsetBeltX: 162, offsetBeltY: 185).named("B5")
            }

            // The book's frame(width: 140) does not shrink it: the fan keeps its own 200-pt frame (spec 02 §5.1).
            FanView()
                .frame(width: 140)
                .offset(x: 0, y: 250)
                .named("fan")
        }
    }
}
