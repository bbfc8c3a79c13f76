import Foundation

/// The context of one state change, like SwiftUI's `Transaction`: model changes made while it is current animate
/// with its `animation` (README §3.7). Outside any `withAnimation`/`withTransaction` the animation is nil.
public struct Transaction: Equatable, Sendable {
    public var animation: Animation?

    public init(animation: Animation? = nil) {
        self.animation = animation
    }

    /// The innermost transaction in effect (nested calls restore the outer one on exit).
    @MainActor public static var current: Transaction { transactionStack.last ?? Transaction() }
}

/// State changes happen on the main thread, where the views and their models live, so the stack is the main actor's.
@MainActor private var transactionStack: [Transaction] = []

/// Runs `body` with `transaction` as `Transaction.current`; restores the previous one on exit (also on throw).
@MainActor @discardableResult
public func withTransaction<R>(_ transaction: Transaction, _ body: () throws -> R) rethrows -> R {
    transactionStack.append(transaction)
    defer { transactionStack.removeLast() }
    return try body()
}

/// Explicit animation (SwiftUI's `withAnimation`): every model change in `body` animates with `animation`
/// (default `.default`, easeInOut 0.35 s). `withAnimation(nil) { … }` makes the changes instant. Nests.
@MainActor @discardableResult
public func withAnimation<R>(_ animation: Animation? = .default, _ body: () throws -> R) rethrows -> R {
    try withTransaction(Transaction(animation: animation), body)
}
