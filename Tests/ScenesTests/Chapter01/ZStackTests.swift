import Stage
import XCTest

/// Spec 01 §2.1.9 and §2.1.10.
@MainActor
final class ZStackTests: ViewSceneTestCase {
    func testPictureAndShiftedTitle() async throws {
        for size in [Size(390, 844), Size(844, 390)] {
            try open("ch1-zstack-overlay", size: size)
            let c = Point(size.width / 2, size.height / 2)
            let picture = probe("picture").frame, title = probe("title")
            XCTAssertEqual(picture.minX, c.x - 175, accuracy: 2)
            XCTAssertEqual(picture.maxX, c.x + 175, accuracy: 2)
            XCTAssertEqual(picture.minY, c.y - 125, accuracy: 2)
            XCTAssertEqual(picture.maxY, c.y + 125, accuracy: 2)
            XCTAssertEqual(title.text, "SwiftUI")
            XCTAssertEqual(title.frame.midX, c.x - 40, accuracy: 6, "80 pt trailing padding")
            XCTAssertEqual(title.frame.midY, c.y, accuracy: 6)
        }
    }

    func testYellowTitleDrawnOverThePicture() async throws {
        try open("ch1-zstack-overlay")
        let fb = h.capture()!
        let title = probe("title").frame
        XCTAssertGreaterThan(fb.count(in: title) { near($0, Ch1.yellow) }, 200, "yellow glyph pixels")
        // The picture's filled panel lies under the whole title (its corners are black there), yet yellow shows:
        // the title is drawn after the picture.
        for (x, y) in [(title.minX + 1, title.minY + 1), (title.maxX - 2, title.minY + 1),
                       (title.minX + 1, title.maxY - 2), (title.maxX - 2, title.maxY - 2)] {
            XCTAssert(near(fb.rgb(Int(x), Int(y)), Ch1.black), "panel under the title at \(x),\(y)")
        }
    }

    func testStormyHeaderAboveTagline() async throws {
        for size in [Size(390, 844), Size(844, 390)] {
            try open("ch1-combined-stacks", size: size)
            let cloud = probe("cloud").frame, stormy = probe("stormy").drawn
            XCTAssertEqual(stormy.midX - cloud.midX, -15, accuracy: 2)
            XCTAssertEqual(stormy.midY - cloud.midY, -5, accuracy: 2)
            XCTAssertEqual(probe("stormy").text, "Stormy")
            XCTAssertLessThanOrEqual(probe("header").drawn.maxY, probe("tagline").frame.minY, "header entirely above")
            let be = text("Be prepared for anything"), with = text("With the Stormy Weather app")
            XCTAssertEqual(be.minX, with.minX, accuracy: 1, "tagline texts share a left edge")
            XCTAssertLessThan(be.maxY, with.minY)
            XCTAssertEqual(cloud.width, 150, accuracy: 2, "icon at 150 pt")
            XCTAssertEqual(cloud.height, 150, accuracy: 2)
            XCTAssertEqual(probe("tornado").frame.height, 50, accuracy: 2, "icon at 50 pt")
            let block = bounds([probe("header").frame, probe("tagline").frame])
            XCTAssertEqual(block.midX, size.width / 2, accuracy: 2, "block centred")
            XCTAssertEqual(block.midY, size.height / 2, accuracy: 2)
        }
    }

    func testStormyColours() async throws {
        try open("ch1-combined-stacks")
        let cloud = probe("cloud").frame, stormy = probe("stormy").drawn
        // The rain below the word is the cloud icon alone: orange over white.
        assertDrawn(in: Rect(x: cloud.minX, y: stormy.maxY + 1, width: cloud.width, height: cloud.maxY - stormy.maxY - 1),
                    color: Ch1.orange)
        XCTAssertGreaterThan(h.capture()!.count(in: stormy) { near($0, Ch1.indigo) }, 100, "indigo glyphs")
        assertDrawn(in: probe("tornado").frame, color: Ch1.blue)
        assertDrawn(in: text("Be prepared for anything"), color: Ch1.black)
        assertDrawn(in: text("With the Stormy Weather app"), color: Ch1.black)
    }
}
