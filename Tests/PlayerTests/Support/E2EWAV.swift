import Backend
import Foundation

/// A 16-bit PCM WAV capture with the measurements the audio test needs.
@MainActor
struct E2EWAV {
    let sampleRate: Int
    let channels: Int
    let bitsPerSample: Int
    /// Interleaved samples scaled to −1…1.
    let samples: [Float]
    /// The channels averaged, one value per frame.
    let mono: [Float]

    var frameCount: Int { mono.count }
    var duration: Double { Double(frameCount) / Double(sampleRate) }

    /// Reads the file with the backend's own WAV reader (16-bit PCM, as the player writes it).
    init(contentsOf url: URL) throws {
        let file = try WAVFile(contentsOf: url)
        sampleRate = file.sampleRate
        channels = file.channels
        bitsPerSample = 16
        samples = file.samples.map { Float($0) / 32768 }
        let frames = file.frameCount
        var mono = [Float](repeating: 0, count: frames)
        for f in 0..<frames {
            var sum: Float = 0
            for c in 0..<channels { sum += samples[f * channels + c] }
            mono[f] = sum / Float(channels)
        }
        self.mono = mono
    }

    func frame(at time: Double) -> Int { max(0, min(frameCount, Int((time * Double(sampleRate)).rounded()))) }

    /// RMS of the mono mix over [from, to) seconds, in dBFS (−∞ for digital silence).
    func rmsDB(from: Double, to: Double) -> Double {
        let a = frame(at: from), b = frame(at: to)
        guard b > a else { return -.infinity }
        var sum = 0.0
        for i in a..<b { sum += Double(mono[i]) * Double(mono[i]) }
        return E2EWAV.dB((sum / Double(b - a)).squareRoot())
    }

    /// The largest absolute sample of any channel over [from, to) seconds.
    func peak(from: Double, to: Double) -> Float {
        let a = frame(at: from) * channels, b = frame(at: to) * channels
        var m: Float = 0
        var i = a
        while i < b { m = max(m, abs(samples[i])); i += 1 }
        return m
    }

    /// The start time of the first `window`-second stretch at or after `from` whose RMS exceeds `thresholdDB`,
    /// searched in steps of `hop` seconds (nil: none before `to`).
    func firstWindow(above thresholdDB: Double, from: Double, to: Double, window: Double = 0.010,
                     hop: Double = 0.001) -> Double? {
        let n = Int((window * Double(sampleRate)).rounded())
        let step = max(1, Int((hop * Double(sampleRate)).rounded()))
        let start = frame(at: from), end = min(frame(at: to), frameCount - n)
        guard end >= start else { return nil }
        // Prefix sums of squares make every window O(1).
        var prefix = [Double](repeating: 0, count: frameCount + 1)
        for i in 0..<frameCount { prefix[i + 1] = prefix[i] + Double(mono[i]) * Double(mono[i]) }
        let threshold = pow(10, thresholdDB / 10)  // mean square
        var i = start
        while i <= end {
            if (prefix[i + n] - prefix[i]) / Double(n) > threshold { return Double(i) / Double(sampleRate) }
            i += step
        }
        return nil
    }

    /// Amplitude (dBFS, a full-scale sine = 0) of the `frequency` Hz component over [from, to) (Goertzel, Hann window).
    func toneDB(_ frequency: Double, from: Double, to: Double) -> Double {
        let a = frame(at: from), b = frame(at: to), n = b - a
        guard n > 1 else { return -.infinity }
        var re = 0.0, im = 0.0, wsum = 0.0
        for k in 0..<n {
            let w = 0.5 - 0.5 * cos(2 * Double.pi * Double(k) / Double(n - 1))
            let phase = 2 * Double.pi * frequency * Double(k) / Double(sampleRate)
            let x = Double(mono[a + k]) * w
            re += x * cos(phase); im -= x * sin(phase)
            wsum += w
        }
        return E2EWAV.dB(2 * (re * re + im * im).squareRoot() / wsum)
    }

    /// The last frame time in [from, to) whose mono sample is not zero (nil: all silent).
    func lastSound(from: Double, to: Double) -> Double? {
        let a = frame(at: from), b = frame(at: to)
        var i = b - 1
        while i >= a { if mono[i] != 0 { return Double(i) / Double(sampleRate) }; i -= 1 }
        return nil
    }

    static func dB(_ amplitude: Double) -> Double { amplitude > 0 ? 20 * log10(amplitude) : -.infinity }
}
