import Stage
import Views

/// Chapter 2's animation demos in the book's order (spec 01 §2.2).
enum Chapter02 {
    static let scenes: [SceneEntry] = [
        .view("ch2-timing-curves", chapter: "Chapter 2", title: "Timing curves") { TimingCurves() },
        .view("ch2-implicit-grow", chapter: "Chapter 2", title: "Implicit animation: tap to grow") { ImplicitGrow() },
        .view("ch2-implicit-spring-grow", chapter: "Chapter 2", title: "Implicit spring") { ImplicitSpringGrow() },
        .view("ch2-explicit-spring", chapter: "Chapter 2", title: "Explicit animation: Scale up") { ExplicitSpring() },
        .view("ch2-explicit-spring-duration", chapter: "Chapter 2", title: "Explicit spring with a duration") {
            ExplicitSpringDuration()
        },
        .view("ch2-explicit-spring-repeat", chapter: "Chapter 2", title: "Explicit spring, repeating forever") {
            ExplicitSpringRepeat()
        },
        .view("ch2-offset", chapter: "Chapter 2", title: "Animate offset") { OffsetExample() },
        .view("ch2-hue-rotation", chapter: "Chapter 2", title: "Animate hue") { HueRotationExample() },
        .view("ch2-opacity", chapter: "Chapter 2", title: "Animate opacity") { OpacityExample() },
        .view("ch2-scale-shape", chapter: "Chapter 2", title: "Scale a shape") { ScaleExampleOne() },
        .view("ch2-scale-image", chapter: "Chapter 2", title: "Scale an image") { ScaleExampleTwo() },
        .view("ch2-scale-anchor", chapter: "Chapter 2", title: "Scale from an anchor") { ScaleExampleThree() },
        .view("ch2-stroke", chapter: "Chapter 2", title: "Animate stroke") { StrokeExample() },
        .view("ch2-trim", chapter: "Chapter 2", title: "Animate trim") { TrimExample() },
        .view("ch2-trim-smile", chapter: "Chapter 2", title: "Trim from the middle (smile)") { TrimExample(trimFrom: 0.5) },
        .view("ch2-corner-radius", chapter: "Chapter 2", title: "Animate corner radius") { CornerRadiusExample() },
    ]
}
