import Backend
import Stage
@testable import Views
import XCTest
import ZoetropeTestSupport

@MainActor
private struct ScoreAlert: View {
    @State var showAlert = false
    var body: some View {
        Button("Check Score") { showAlert = true }.named("check")
            .alert("Your Score", isPresented: $showAlert) {
                Button("Continue Playing?") {}
                Button("New Game?", role: .destructive) {}
            } message: {
                Text("87")
            }
    }
}

@MainActor
private struct ErrorAlert: View {
    @State var show = false
    var body: some View {
        Button("Submit") { show = true }.named("submit")
            .alert("This word is not possible", isPresented: $show) {
                Button("OK") {}
            } message: {
                Text("Create only words from the letters in the given word")
            }
    }
}

@MainActor
private struct SettingsScreen: View {
    @State var showSettings = false
    var body: some View {
        Button("Info") { showSettings = true }.named("info")
            .sheet(isPresented: $showSettings) {
                VStack(spacing: 20) {
                    Text("Language Settings").font(.title).named("sheetTitle")
                    Button("Done") {}
                }
            }
    }
}

/// Pixels of a real headless render (SDL software renderer, real fonts): spec 05 §3.4's alert look, the sheet.
@MainActor
final class PresentationRenderTests: XCTestCase {
    func testAlertLookStackedButtonsColoursAndDim() async throws {
        for size in [Size(390, 844), Size(640, 480)] {
            let r = try RenderedScene(size: size) { ScoreAlert() }
            let s = r.s
            s.advance(to: 1)
            s.click("check")
            s.advance(to: 1.25)
            let fb = try r.capture("alert-\(Int(size.width))")
            let cont = s.frame("text:Continue Playing?"), new = s.frame("text:New Game?")
            let card = Rect(x: cont.minX, y: s.frame("text:Your Score").minY - 20, width: 270, height: new.maxY - s.frame("text:Your Score").minY + 20)
            XCTAssertEqual(card.midX, size.width / 2, accuracy: 0.5)
            XCTAssertEqual(card.midY, size.height / 2, accuracy: 0.5)
            // Dim: white beneath at 0.8.
            assertRGB(fb.px(5, 5), (204, 204, 204), "dim")
            // Card fill and rounded corner (radius 14: the corner pixel is dim, not card).
            assertRGB(fb.px(card.minX + 4, card.midY - 10), (242, 242, 242), "card")
            assertRGB(fb.px(card.minX + 1, card.minY + 1), (204, 204, 204), "rounded corner")
            // Hairlines above each button.
            assertRGB(fb.px(card.minX + 10, cont.minY - 1), (197, 197, 199), "hairline above Continue")
            assertRGB(fb.px(card.minX + 10, new.minY - 1), (197, 197, 199), "hairline above New Game?")
            // Label colours: blue on top, red below, nothing red in the top one.
            XCTAssertGreaterThan(fb.count((0, 122, 255), in: cont), 30, "blue Continue Playing?")
            XCTAssertEqual(fb.count((255, 59, 48), in: cont), 0)
            XCTAssertGreaterThan(fb.count((255, 59, 48), in: new), 30, "red New Game?")
            XCTAssertGreaterThan(fb.count((0, 0, 0), in: s.frame("text:Your Score"), tolerance: 60), 30, "black bold title")
            // Pressed: a light grey highlight behind the label.
            s.press(at: cont.center)
            let pressed = try r.capture("alert-pressed-\(Int(size.width))")
            assertRGB(pressed.px(cont.minX + 4, cont.midY), (218, 218, 220), "pressed highlight")
            assertRGB(pressed.px(new.minX + 4, new.midY), (242, 242, 242), "the other one")
            s.release(at: Point(5, 5))
        }
    }

    func testAlertFadesInOverTwoTenths() async throws {
        let r = try RenderedScene { ScoreAlert() }
        r.s.advance(to: 1)
        r.s.click("check")
        XCTAssertEqual(try r.capture().px(5, 5).r, 255, accuracy: 2, "transparent at the click")
        r.s.advance(to: 1.1)
        let k = Animation.easeOut(duration: 0.2).progress(at: 0.1)
        XCTAssertEqual(Double(try r.capture("alert-fading").px(5, 5).r), 255 * (1 - 0.2 * k), accuracy: 3)
        r.s.advance(to: 1.2)
        XCTAssertEqual(try r.capture().px(5, 5).r, 204, accuracy: 2)
    }

    func testALongMessageWrapsCentredAndOneButtonSpansTheCard() async throws {
        let r = try RenderedScene { ErrorAlert() }
        r.s.advance(to: 1)
        r.s.click("submit")
        r.s.advance(to: 1.3)
        _ = try r.capture("alert-ok")
        let message = r.s.frame("text:Create only words from the letters in the given word")
        XCTAssertGreaterThan(message.height, 16 * 2 - 0.01, "two lines at least")
        XCTAssertLessThanOrEqual(message.width, 238)
        XCTAssertEqual(message.midX, 195, accuracy: 0.5)
        let ok = r.s.frame("text:OK")
        XCTAssertEqual(ok.width, 270, accuracy: 0.01)
        XCTAssertEqual(ok.midX, 195, accuracy: 0.5)
    }

    func testSheetSlidesUpOverTheDimmedScene() async throws {
        for size in [Size(390, 844), Size(640, 480)] {
            let r = try RenderedScene(size: size) { SettingsScreen() }
            r.s.advance(to: 1)
            r.s.click("info")
            r.s.advance(to: 1.2)
            let mid = try r.capture("sheet-mid-\(Int(size.width))")
            let k = Animation.easeOut(duration: 0.4).progress(at: 0.2)
            let top = 10 + (1 - k) * (size.height - 10 + 10)
            assertRGB(mid.px(size.width / 2, top - 3), (Int(255 * (1 - 0.2 * k)), Int(255 * (1 - 0.2 * k)), Int(255 * (1 - 0.2 * k))), "dim while sliding")
            assertRGB(mid.px(size.width / 2, top + 3), (255, 255, 255), "the panel")
            r.s.advance(to: 1.4)
            let up = try r.capture("sheet-\(Int(size.width))")
            assertRGB(up.px(size.width / 2, 5), (204, 204, 204), "the gap above is dimmed")
            assertRGB(up.px(size.width / 2, 12), (255, 255, 255), "the panel from y 10")
            assertRGB(up.px(1, 11), (204, 204, 204), "rounded top corner")
            XCTAssertGreaterThan(up.count((0, 0, 0), in: r.s.frame("sheetTitle"), tolerance: 60), 30, "the content is drawn")
        }
    }
}
