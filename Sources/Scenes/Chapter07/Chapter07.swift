import Stage
import Views

/// Chapter 7 of the book: gears and belts, and the component previews it builds them from (spec 02 §5, §5.5).
/// All are a fixed 390 × 844 canvas, scaled to the window with black bars (spec 02 §1.1).
enum Chapter07 {
    static let scenes: [SceneEntry] = [
        .view("ch07-gears-and-belts", chapter: "Chapter 7", title: "Belts and gears", size: Size(390, 844),
              mapping: .fixedCanvas) { GearsAndBelts() },
        .view("ch07-gears-and-belts-source", chapter: "Chapter 7", title: "Belts and gears (sample project)",
              size: Size(390, 844), mapping: .fixedCanvas) { GearsAndBelts(gear4Duration: 5) },
        .view("ch07-gear", chapter: "Chapter 7", title: "Gear", size: Size(390, 844), mapping: .fixedCanvas) {
            PreviewCanvas {
                GearView(gearImage: "doubleGear", gearWidth: 100, rotationDegrees: 360, duration: 5,
                         offsetGearX: 0, offsetGearY: 0).named("gear")
            }
        },
        .view("ch07-worm-gear", chapter: "Chapter 7", title: "Worm gear", size: Size(390, 844), mapping: .fixedCanvas) {
            PreviewCanvas { WormGearView().named("wormGear") }
        },
        .view("ch07-belt", chapter: "Chapter 7", title: "Belt", size: Size(390, 844), mapping: .fixedCanvas) {
            PreviewCanvas {
                BeltView(animateBelt: true, beltWidth: 380, beltHeight: 48, rotateBelt: 90,
                         offsetBeltX: 0, offsetBeltY: 0).named("belt")
            }
        },
        .view("ch07-gear-shaft", chapter: "Chapter 7", title: "Gear shaft", size: Size(390, 844), mapping: .fixedCanvas) {
            PreviewCanvas { GearShaftView(barName: "shaft1Bar").named("shaft1") }
        },
        .view("ch07-fan", chapter: "Chapter 7", title: "Fan", size: Size(390, 844), mapping: .fixedCanvas) {
            PreviewCanvas { FanView().named("fan") }
        },
    ]
}

/// A component preview as Xcode's canvas shows it: the view alone, centred on white (spec 02 §5.5).
struct PreviewCanvas<Content: View>: View {
    @ViewBuilder let content: () -> Content

    var body: some View {
        ZStack {
            Color.white
                .named("background")
            content()
        }
    }
}
