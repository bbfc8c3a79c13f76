import Foundation
import SwiftUI

class TourModel: ObservableObject {
    @Published var taps = 0
    @Published var angle = 0.0
    @Published var word = ""
    var timer: Timer?

    let words = ["amber", "cobalt", "ochre"]

    func tap() {
        taps += 1
        word = words.randomElement() ?? ""
    }

    func startSpinning() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in
            self.angle += 45
        }
    }

    func stopSpinning() {
        timer?.invalidate()
        timer = nil
    }

    func cleaned(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
