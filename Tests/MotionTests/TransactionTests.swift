import XCTest
@testable import Motion

@MainActor
final class TransactionTests: XCTestCase {
    func testDefaultIsNoAnimation() async {
        XCTAssertNil(Transaction.current.animation)
    }

    func testWithAnimationDefaultsToDefault() async {
        withAnimation {
            XCTAssertEqual(Transaction.current.animation, .easeInOut(duration: 0.35))
        }
        XCTAssertNil(Transaction.current.animation)
    }

    func testNestingRestores() async {
        let outer = Animation.easeInOut(duration: 1).delay(0.3)
        let inner = Animation.spring(response: 0.4, dampingFraction: 0.5)
        withAnimation(outer) {
            XCTAssertEqual(Transaction.current.animation, outer)
            withAnimation(inner) {
                XCTAssertEqual(Transaction.current.animation, inner)
                withAnimation(nil) { XCTAssertNil(Transaction.current.animation) }
                XCTAssertEqual(Transaction.current.animation, inner)
            }
            XCTAssertEqual(Transaction.current.animation, outer)
        }
        XCTAssertNil(Transaction.current.animation)
    }

    func testReturnsValueAndRestoresOnThrow() async {
        struct Oops: Error {}
        let n = withAnimation(.linear) { 42 }
        XCTAssertEqual(n, 42)
        XCTAssertThrowsError(try withAnimation(.easeIn) { throw Oops() })
        XCTAssertNil(Transaction.current.animation)
    }

    /// A model change inside the body picks up the transaction's animation (how Stage uses it).
    func testModelChangesSeeTheTransaction() async {
        var scale = AnimatedValue(1.0)
        func setScale(_ v: Double, at t: Double) { scale.set(v, at: t, animation: Transaction.current.animation) }
        withAnimation { setScale(1.5, at: 0) }
        XCTAssertEqual(scale.value(at: 0.175), 1.25, accuracy: 1e-9)
        setScale(3, at: 1)                 // outside: instant
        XCTAssertEqual(scale.value(at: 1), 3)
        withTransaction(Transaction(animation: .linear(duration: 1))) { setScale(4, at: 2) }
        XCTAssertEqual(scale.value(at: 2.5), 3.5, accuracy: 1e-12)
    }
}
