import Stage

/// UIKit's colour: a thin name for the engine's `Color` (sRGB components 0…1).
open class UIColor: Equatable {
    public let color: Color

    public init(_ color: Color) { self.color = color }
    public convenience init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.init(Color(r: red, g: green, b: blue, a: alpha))
    }
    public convenience init(white: Double, alpha: Double) { self.init(Color(r: white, g: white, b: white, a: alpha)) }
    /// A colour of the project's asset catalog (`.colorset`); clear when there is none.
    public convenience init?(named name: String) { self.init(Color(name)) }

    public static func == (a: UIColor, b: UIColor) -> Bool { a.color == b.color }

    /// Core Graphics' view of the same colour (what `CAEmitterCell.color` takes).
    public var cgColor: CGColor { CGColor(color) }

    public func withAlphaComponent(_ alpha: Double) -> UIColor { UIColor(color.opacity(alpha / max(color.a, 1e-9))) }

    public static var black: UIColor { UIColor(.black) }
    public static var white: UIColor { UIColor(.white) }
    public static var clear: UIColor { UIColor(.clear) }
    public static var gray: UIColor { UIColor(Color(hex: 0x7F7F7F)) }
    public static var darkGray: UIColor { UIColor(Color(hex: 0x555555)) }
    public static var lightGray: UIColor { UIColor(Color(hex: 0xAAAAAA)) }
    public static var red: UIColor { UIColor(Color(r: 1, g: 0, b: 0)) }
    public static var green: UIColor { UIColor(Color(r: 0, g: 1, b: 0)) }
    public static var blue: UIColor { UIColor(Color(r: 0, g: 0, b: 1)) }
    public static var yellow: UIColor { UIColor(Color(r: 1, g: 1, b: 0)) }
    public static var orange: UIColor { UIColor(Color(r: 1, g: 0.5, b: 0)) }
    public static var purple: UIColor { UIColor(Color(r: 0.5, g: 0, b: 0.5)) }
    public static var brown: UIColor { UIColor(Color(r: 0.6, g: 0.4, b: 0.2)) }
    public static var cyan: UIColor { UIColor(Color(r: 0, g: 1, b: 1)) }
    public static var magenta: UIColor { UIColor(Color(r: 1, g: 0, b: 1)) }
    // The system colours are SwiftUI's (light appearance), as on iOS.
    public static var systemBlue: UIColor { UIColor(.blue) }
    public static var systemRed: UIColor { UIColor(.red) }
    public static var systemOrange: UIColor { UIColor(.orange) }
    public static var systemYellow: UIColor { UIColor(.yellow) }
    public static var systemGreen: UIColor { UIColor(.green) }
    public static var systemIndigo: UIColor { UIColor(.indigo) }
    public static var systemPurple: UIColor { UIColor(.purple) }
    public static var systemPink: UIColor { UIColor(.pink) }
    public static var systemGray: UIColor { UIColor(.gray) }
    public static var systemBackground: UIColor { UIColor(.white) }
    public static var label: UIColor { UIColor(.black) }
    public static var secondaryLabel: UIColor { UIColor(.secondaryLabel) }
}

/// Core Graphics' colour, as far as the book uses it: a value to hand to Core Animation.
public final class CGColor {
    public let color: Color
    public init(_ color: Color) { self.color = color }
}

public extension Color {
    /// SwiftUI's `Color(uiColor)` / `Color(uiColor: …)`.
    init(_ ui: UIColor) { self = ui.color }
    init(uiColor ui: UIColor) { self = ui.color }
}
