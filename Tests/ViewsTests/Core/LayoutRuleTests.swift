import Stage
@testable import Views
import XCTest

/// The layout rules of spec 01 §0.4 with hand-computed numbers (text: 10 pt per character, body line 22 pt).
@MainActor
final class LayoutRuleTests: XCTestCase {
    func testTextIsOneLineUnlessWiderThanOfferedThenWrapsAtWordsLeadingAligned() async {
        let s = TestScene(size: Size(390, 844)) {
            VStack {
                Text("aaa bbb ccc").named("wide")
                Text("aaa bbb ccc").named("narrow").frame(width: 75)
            }
        }
        XCTAssertEqual(s.frame("wide").size, Size(110, 22))
        // "aaa bbb" (70) fits 75, "ccc" goes to the next line; the text is as wide as its longest line.
        XCTAssertEqual(s.frame("narrow").size, Size(70, 44))
        XCTAssertEqual(s.frame("narrow").minX, 195 - 35, accuracy: 1e-9, "centred in the 75-pt frame")
    }

    func testEmptyTextKeepsOneLineOfHeight() async {
        let s = TestScene { VStack { Text("").named("empty"); Text("x").named("x") } }
        XCTAssertEqual(s.frame("empty").size, Size(0, 22))
        XCTAssertEqual(s.frame("x").minY - s.frame("empty").maxY, 8, accuracy: 1e-9)
    }

    func testCompetingSpacersShareTheFreeSpaceEqually() async {
        let s = TestScene(size: Size(400, 100)) {
            HStack {
                Text("ab").named("a")
                Spacer()
                Text("cd").named("b")
                Spacer()
                Text("ef").named("c")
            }
        }
        // 400 − 3·20 (texts) − 4·8 (spacing) = 308 → 154 per spacer.
        XCTAssertEqual(s.frame("a").minX, 0, accuracy: 1e-9)
        XCTAssertEqual(s.frame("b").minX, 20 + 8 + 154 + 8, accuracy: 1e-9)
        XCTAssertEqual(s.frame("c").maxX, 400, accuracy: 1e-9)
        XCTAssertEqual(s.frame("a").midY, 50, accuracy: 1e-9)
    }

    /// Spacers are sized after the texts beside them: 300 wide, texts of 70, 90 and 90 pt (two words each) and 32 pt
    /// of spacing leave 18 pt for the two spacers, and every text stays on one line. An equal share counted with
    /// the spacers offered the second text (268 − 70)/4 = 49.5 and wrapped it.
    func testTextsBesideSpacersKeepOneLineWhileTheSpacersCanShrink() async {
        let s = TestScene(size: Size(300, 100)) {
            HStack {
                Text("aaa bbb").named("a")
                Spacer()
                Text("cccc dddd").named("b")
                Spacer()
                Text("eeee ffff").named("c")
            }
        }
        XCTAssertEqual([s.frame("a").size, s.frame("b").size, s.frame("c").size], [Size(70, 22), Size(90, 22), Size(90, 22)])
        XCTAssertEqual(s.frame("b").minX, 70 + 8 + 9 + 8, accuracy: 1e-9, "the 18 pt left shared by the spacers")
        XCTAssertEqual(s.frame("c").maxX, 300, accuracy: 1e-9)
        // With no room left the spacers are 0 and the texts share what there is, least flexible first.
        let tight = TestScene(size: Size(200, 100)) {
            HStack { Text("aaa bbb").named("a"); Spacer(); Text("cccc dddd").named("b") }
        }
        XCTAssertEqual(tight.frame("a").width, 70, accuracy: 1e-9)
        XCTAssertEqual(tight.frame("b").width, 90, accuracy: 1e-9)
        XCTAssertEqual(tight.frame("b").maxX, 200, accuracy: 1e-9)
    }

    func testLeastFlexibleFirstAndLayoutPriority() async {
        // 260 wide: two 150-pt texts. Equal priority: the first is offered (260 − 8)/2 = 126 and wraps to 70; the
        // second is offered what is left, 182, and stays on one line.
        let equal = TestScene(size: Size(260, 400)) {
            HStack { Text("aaaaaaa bbbbbbb").named("one"); Text("ccccccc ddddddd").named("two") }
        }
        XCTAssertEqual(equal.frame("one").width, 70, accuracy: 1e-9)
        XCTAssertEqual(equal.frame("two").width, 150, accuracy: 1e-9)
        // Priority 1 sizes first, offered 252 less the other's minimum (70): it takes its full 150.
        let prioritized = TestScene(size: Size(260, 400)) {
            HStack { Text("aaaaaaa bbbbbbb").named("one").layoutPriority(1); Text("ccccccc ddddddd").named("two") }
        }
        XCTAssertEqual(prioritized.frame("one").width, 150, accuracy: 1e-9)
        XCTAssertEqual(prioritized.frame("two").width, 70, accuracy: 1e-9, "offered the remaining 102, it wraps")
        XCTAssertEqual(prioritized.frame("two").minX - prioritized.frame("one").maxX, 8, accuracy: 1e-9)
        XCTAssertEqual(prioritized.frame("one").height, 22, accuracy: 1e-9)
    }

    func testPaddingDefaultsPerEdgeAndNegativeClamps() async {
        let s = TestScene(size: Size(400, 400)) {
            VStack(spacing: 0) {
                Text("abc").named("padded").padding()
                Text("abc").named("leading").padding(.leading, 75)
                Circle().frame(width: 100, height: 100).named("circle").padding(-60).named("clamped")
                Text("z").named("after")
            }
        }
        XCTAssertEqual(s.frame("padded").size, Size(30, 22))
        XCTAssertEqual(s.frame("leading").minX - s.frame("padded").minX, 75 / 2, accuracy: 1e-9,
                       "75 leading padding shifts the centred text by half")
        XCTAssertEqual(s.frame("clamped").size, Size(0, 0), "100 − 120 clamps at 0")
        XCTAssertEqual(s.frame("circle").midY, s.frame("clamped").midY, accuracy: 1e-9, "drawn centred on the reduced frame")
        XCTAssertEqual(s.frame("after").minY, s.frame("clamped").maxY, accuracy: 1e-9)
    }

    func testFramesFixedFlexibleAndAlignment() async {
        let s = TestScene(size: Size(300, 500)) {
            VStack(spacing: 0) {
                Text("abc").named("t1").frame(width: 100, height: 50, alignment: .topLeading).named("f1")
                Text("abc").named("t2").frame(maxWidth: .infinity, alignment: .trailing).named("f2")
                Color.red.frame(height: 40).named("f3")
                Text("abc").frame(minWidth: 200).named("f4")
            }
        }
        XCTAssertEqual(s.frame("f1").size, Size(100, 50))
        XCTAssertEqual(s.frame("t1").origin, s.frame("f1").origin)
        XCTAssertEqual(s.frame("f2").width, 300, accuracy: 1e-9)
        XCTAssertEqual(s.frame("t2").maxX, 300, accuracy: 1e-9)
        XCTAssertEqual(s.frame("f3").size, Size(300, 40), "a colour is greedy; only its height is set")
        XCTAssertEqual(s.frame("f4").width, 200, accuracy: 1e-9, "min 200 with no max: max(min, content)")
    }

    func testGeometryReaderPlacesChildrenTopLeftAndReportsItsFrames() async {
        var seen: [Rect] = []
        let s = TestScene(size: Size(390, 844)) {
            VStack {
                GeometryReader { geo in
                    Text("(\(Int(geo.frame(in: .global).minY)))").named("label").onAppear { seen.append(geo.frame(in: .global)) }
                }
                .frame(height: 250)
                .named("reader")
            }
        }
        XCTAssertEqual(s.frame("reader"), Rect(x: 0, y: 297, width: 390, height: 250))
        XCTAssertEqual(s.frame("label").origin, Point(0, 297))
        XCTAssertEqual(s.probe("label")?.text, "(297)")
        s.size = Size(844, 390)
        s.advance(to: 0.1)
        XCTAssertEqual(s.probe("label")?.text, "(70)", "re-laid out after a resize")
    }

    func testPositionAndOffsetAreRenderOnlyForSiblings() async {
        let s = TestScene(size: Size(400, 400)) {
            VStack(spacing: 0) {
                Color.blue.frame(width: 10, height: 10).offset(x: 100, y: 50).named("moved")
                Color.blue.frame(width: 10, height: 10).named("next")
            }
        }
        XCTAssertEqual(s.frame("moved").minY + 10, s.frame("next").minY, accuracy: 1e-9, "offset does not move siblings")
        XCTAssertEqual(s.probe("moved")!.drawn.minX, s.frame("moved").minX + 100, accuracy: 1e-9)
    }

    func testResizeRelaysOutResponsiveScenes() async {
        let s = TestScene(size: Size(390, 844)) { HStack { Text("Hello").named("hello"); Spacer(); Text("World").named("world") }.padding() }
        XCTAssertEqual(s.frame("world").maxX, 390 - 16, accuracy: 1e-9)
        s.size = Size(844, 390)
        s.advance(to: 1.0 / 60)
        XCTAssertEqual(s.frame("world").maxX, 844 - 16, accuracy: 1e-9)
        XCTAssertEqual(s.frame("hello").midY, 195, accuracy: 1e-9)
    }
}
