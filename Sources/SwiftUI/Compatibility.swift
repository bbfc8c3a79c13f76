import Stage

// The SwiftUI API of the book's era that newer SwiftUI renamed, and names SwiftUI takes from Core Graphics.

public extension View {
    /// iOS 13's full-bleed modifier: the player's content area has no safe-area insets, so every view already
    /// reaches the edges it is laid out against.
    func edgesIgnoringSafeArea(_ edges: Edge.Set) -> Self { self }
    /// iOS 14's replacement, likewise.
    func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> Self { self }
}

/// The regions of `ignoresSafeArea`.
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1), keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

/// Core Graphics' vector (`CGVector(dx: 0, dy: -9.8)`).
public struct CGVector: Equatable, Hashable, Sendable {
    public var dx: Double
    public var dy: Double
    public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }
    public static let zero = CGVector(dx: 0, dy: 0)
}

public extension Edge {
    /// SwiftUI's name for a set of edges.
    typealias Set = Edges
}

/// How iOS's on-screen keyboard capitalizes (`.textInputAutocapitalization(.never)`).
public struct TextInputAutocapitalization: Sendable {
    public static let never = TextInputAutocapitalization(), words = TextInputAutocapitalization()
    public static let sentences = TextInputAutocapitalization(), characters = TextInputAutocapitalization()
}

/// iOS's on-screen keyboard kinds (`.keyboardType(.numberPad)`).
public enum UIKeyboardType { case `default`, asciiCapable, numberPad, decimalPad, emailAddress, URL, phonePad }

/// iOS 13's autocapitalization names (`.autocapitalization(.none)`).
public enum UITextAutocapitalizationType { case none, words, sentences, allCharacters }

public extension View {
    // The on-screen keyboard's settings: a desktop keyboard types what is pressed, so they change nothing here.
    func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> Self { self }
    func autocapitalization(_ style: UITextAutocapitalizationType) -> Self { self }
    func disableAutocorrection(_ disable: Bool?) -> Self { self }
    func autocorrectionDisabled(_ disable: Bool = true) -> Self { self }
    func keyboardType(_ type: UIKeyboardType) -> Self { self }
}

public extension Color {
    // iOS 15's further system colours (light appearance).
    static let mint = Color(hex: 0x00C7BE)
    static let teal = Color(hex: 0x30B0C7)
    static let cyan = Color(hex: 0x32ADE6)
    static let brown = Color(hex: 0xA2845E)
    static let primary = Color.black
    static let secondary = Color(hex: 0x8A8A8E)
}
