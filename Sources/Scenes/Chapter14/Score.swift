import Foundation

extension Chapter14 {
    /// The score of spec 05 §3.4 rule 3: only the channels of the difficulty count (0 Easy: red; 1 Hard: red and
    /// green; 2 Extreme: all three), d is the distance between guess and target, and the score is (1 − d)·100
    /// rounded half up, truncated toward zero, so it can be negative (d up to √3).
    static func score(guess: (red: Double, green: Double, blue: Double),
                      target: (red: Double, green: Double, blue: Double), selectedPickerIndex: Int) -> Int {
        let rDiff = guess.red - target.red
        let gDiff = guess.green - target.green
        let bDiff = guess.blue - target.blue
        let diff: Double
        switch selectedPickerIndex {
        case 0: diff = sqrt(rDiff * rDiff)
        case 1: diff = sqrt(rDiff * rDiff + gDiff * gDiff)
        default: diff = sqrt(rDiff * rDiff + gDiff * gDiff + bDiff * bDiff)
        }
        return Int((1.0 - diff) * 100.0 + 0.5)
    }

    /// The colour the player mixes (spec 05 §3.2): the channels without a slider in this difficulty come from the
    /// target, so a hidden slider keeps its value but does not show.
    static func effectiveGuess(guess: (red: Double, green: Double, blue: Double),
                               target: (red: Double, green: Double, blue: Double),
                               selectedPickerIndex: Int) -> (red: Double, green: Double, blue: Double) {
        (guess.red, selectedPickerIndex >= 1 ? guess.green : target.green, selectedPickerIndex >= 2 ? guess.blue : target.blue)
    }
}
