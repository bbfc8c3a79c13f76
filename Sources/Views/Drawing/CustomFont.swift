import Stage

public extension Stage.Font {
    /// A font by family name (`.custom("HelveticaNeue-Medium", size: 38)`). Linux has none of Apple's fonts, so
    /// the name picks the nearest face we have (spec README §3): a serif for serif families and for decorative
    /// ones (Papyrus, Chalkduster, …), the mono face for Courier and Menlo, the rounded one for rounded families,
    /// the system sans for the rest, with the weight its suffix names (`-Medium`, `-Bold`, `-Heavy`, …).
    static func custom(_ name: String, size: Double) -> Font {
        let n = name.lowercased()
        let design: Design
        if ["papyrus", "chalkduster", "marker", "noteworthy", "zapfino", "snell", "times", "georgia", "baskerville",
            "didot", "palatino", "hoefler", "bodoni", "charter", "cochin", "serif"].contains(where: n.contains) && !n.contains("sans") {
            design = .serif
        } else if ["courier", "menlo", "mono", "consol"].contains(where: n.contains) {
            design = .monospaced
        } else if n.contains("rounded") {
            design = .rounded
        } else {
            design = .sans
        }
        let weight: Weight
        if ["black", "heavy", "extrabold"].contains(where: n.contains) { weight = .heavy }
        else if n.contains("semibold") || n.contains("demibold") || n.contains("medium") { weight = .semibold }
        else if n.contains("bold") { weight = .bold }
        else { weight = .regular }
        return .system(size: size, weight: weight, design: design)
    }

    static func custom(_ name: String, size: Double, relativeTo style: Font) -> Font { custom(name, size: size) }
    static func custom(_ name: String, fixedSize: Double) -> Font { custom(name, size: fixedSize) }
}

public extension Stage.Font.Weight {
    // SwiftUI's nine weights on the four faces we have.
    static var ultraLight: Self { .regular }
    static var thin: Self { .regular }
    static var light: Self { .regular }
    static var medium: Self { .semibold }
    static var black: Self { .heavy }
}

public extension Stage.Font.Design {
    /// SwiftUI's name for the system sans.
    static var `default`: Self { .sans }
}
