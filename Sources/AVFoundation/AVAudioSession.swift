import Foundation

/// The app's audio session on iOS (category, activation). Linux has one output and no other apps to duck: every
/// call succeeds and changes nothing.
open class AVAudioSession {
    public struct Category: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let ambient = Category(rawValue: "AVAudioSessionCategoryAmbient")
        public static let soloAmbient = Category(rawValue: "AVAudioSessionCategorySoloAmbient")
        public static let playback = Category(rawValue: "AVAudioSessionCategoryPlayback")
        public static let record = Category(rawValue: "AVAudioSessionCategoryRecord")
        public static let playAndRecord = Category(rawValue: "AVAudioSessionCategoryPlayAndRecord")
    }

    public struct Mode: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let `default` = Mode(rawValue: "AVAudioSessionModeDefault")
        public static let moviePlayback = Mode(rawValue: "AVAudioSessionModeMoviePlayback")
    }

    public struct CategoryOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let mixWithOthers = CategoryOptions(rawValue: 1)
        public static let duckOthers = CategoryOptions(rawValue: 2)
    }

    private static let shared = AVAudioSession()
    public class func sharedInstance() -> AVAudioSession { shared }

    public private(set) var category = Category.soloAmbient
    public private(set) var mode = Mode.default

    public func setCategory(_ category: Category) throws { self.category = category }
    public func setCategory(_ category: Category, mode: Mode, options: CategoryOptions = []) throws {
        self.category = category; self.mode = mode
    }
    public func setCategory(_ category: Category, options: CategoryOptions = []) throws { self.category = category }
    public func setActive(_ active: Bool) throws {}
}
