import Foundation

public extension DefaultStringInterpolation {
    /// `Text("X \(x, specifier: "%.f")")`: a number formatted with a printf-style specifier, as SwiftUI's `Text`
    /// interpolation does (`%.f` rounds to the nearest integer).
    mutating func appendInterpolation(_ value: Double, specifier: String) {
        appendLiteral(String(format: specifier, value))
    }
}
