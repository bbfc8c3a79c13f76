import Foundation
import SwiftUI
import UIKit

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

    func isReal(_ word: String) -> Bool {
        let checker = UITextChecker()
        let range = NSRange(location: 0, length: word.utf16.count)
        let misspelled = checker.rangeOfMisspelledWord(in: word, range: range, startingAt: 0, wrap: false, language: "en")
        return misspelled.location == NSNotFound
    }

    func cleaned(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
