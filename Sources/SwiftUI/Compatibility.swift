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
public struct SafeAreaRegions: OptionSet {
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
