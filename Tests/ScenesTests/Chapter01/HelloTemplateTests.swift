import Stage
import XCTest

/// Spec 01 §2.1.3.
@MainActor
final class HelloTemplateTests: ViewSceneTestCase {
    func testGlobeAboveLabelBothCentred() async throws {
        for size in [Size(390, 844), Size(844, 390)] {
            try open("ch1-hello-template", size: size)
            let globe = probe("globe").frame, label = probe("label").frame
            XCTAssertEqual(probe("label").text, "Hello, world!")
            XCTAssertLessThan(globe.midY, label.midY)
            XCTAssertEqual(globe.midX, size.width / 2, accuracy: 2)
            XCTAssertEqual(label.midX, size.width / 2, accuracy: 2)
            XCTAssertEqual(label.minY - globe.maxY, 8, accuracy: 0.01, "default spacing")
            XCTAssertEqual(globe.height, 22, accuracy: 2, "large image scale at body size: about 22 pt")
        }
    }

    func testGlobeIsAccentBlue() async throws {
        try open("ch1-hello-template")
        assertDrawn(in: probe("globe").frame, color: Ch1.blue)
    }
}
