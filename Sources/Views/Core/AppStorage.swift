import Diagnostics
import Foundation

/// A value kept across runs (`@AppStorage("visits") var visits = 0`), as UserDefaults keeps it on iOS: in the app's
/// settings file (`AppSettings`). Every view that uses a key sees a change to it, made anywhere.
@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    let setting: StoredSetting

    public var wrappedValue: Value {
        get { setting.read(Value.self) }
        nonmutating set { setting.write(newValue) }
    }

    public var projectedValue: Binding<Value> {
        let setting = setting
        return Binding(get: { setting.read(Value.self) }, set: { setting.write($0) })
    }

    func link(in host: ViewHost, key: ViewPath) { ObjectChanges.observe(setting, by: host) }
}

extension AppStorage: ObjectHolder { var heldObject: AnyObject? { setting } }

public extension AppStorage where Value == Int {
    init(wrappedValue: Int, _ key: String) { setting = AppSettings.shared.setting(key, default: wrappedValue) }
}
public extension AppStorage where Value == Double {
    init(wrappedValue: Double, _ key: String) { setting = AppSettings.shared.setting(key, default: wrappedValue) }
}
public extension AppStorage where Value == Bool {
    init(wrappedValue: Bool, _ key: String) { setting = AppSettings.shared.setting(key, default: wrappedValue) }
}
public extension AppStorage where Value == String {
    init(wrappedValue: String, _ key: String) { setting = AppSettings.shared.setting(key, default: wrappedValue) }
}
public extension AppStorage where Value: RawRepresentable, Value.RawValue == Int {
    init(wrappedValue: Value, _ key: String) {
        setting = AppSettings.shared.setting(key, default: wrappedValue.rawValue, convert: { Value(rawValue: $0) })
    }
}
public extension AppStorage where Value: RawRepresentable, Value.RawValue == String {
    init(wrappedValue: Value, _ key: String) {
        setting = AppSettings.shared.setting(key, default: wrappedValue.rawValue, convert: { Value(rawValue: $0) })
    }
}

/// One key of the settings file, shared by every `@AppStorage` of that key: an object the views observe.
final class StoredSetting {
    let key: String
    private let settings: AppSettings
    private let defaultValue: Any
    /// Turns the stored plain value into the wrapper's type (an enum from its raw value); nil when it does not fit.
    private let convert: (Any) -> Any?
    private let store: (Any) -> Any

    init<Plain>(key: String, settings: AppSettings, defaultValue: Plain, convert: @escaping (Plain) -> Any?) {
        self.key = key; self.settings = settings; self.defaultValue = defaultValue
        self.convert = { ($0 as? Plain).flatMap(convert) }
        store = { value in (value as? any RawRepresentable)?.rawValue ?? value }
    }

    func read<Value>(_ type: Value.Type) -> Value {
        if let stored = settings.value(for: key), let value = convert(stored) as? Value { return value }
        return convert(defaultValue) as? Value ?? defaultValue as! Value
    }

    func write(_ value: Any) {
        ObjectChanges.willChange(self)
        settings.set(store(value), for: key)
    }
}

/// The app's settings file: a JSON object of `@AppStorage` keys, `$XDG_CONFIG_HOME/zoetrope/NAME.json` (else
/// `~/.config/zoetrope/`), where NAME is the app's (the player sets it for a project it runs). Read once, written
/// at once on every change, as Find Words' settings are (`PosixFile.writeAtomically`: a temporary file beside it,
/// renamed over it, through a symbolic link to its target; a killed writer's temporaries are removed at the next
/// read). A corrupt file gives the defaults with one warning and is left alone until a setting changes; a file
/// that cannot be read or written gives one warning naming the file and the reason, and the values live on in
/// memory.
public final class AppSettings {
    public static let shared = AppSettings()

    /// Where the values are kept; nil: in memory only. Setting it reads the file anew.
    public var file: URL? { didSet { values = nil } }
    /// Where problems are said (once each).
    public var warn: (String) -> Void = { FileHandle.standardError.write(Data("zoetrope: \($0)\n".utf8)) }
    private var values: [String: Any]?
    private var settings: [String: StoredSetting] = [:]
    private var warnedWrite = false

    public init(file: URL? = nil) { self.file = file }

    /// `$XDG_CONFIG_HOME/zoetrope/NAME.json`, else `$HOME/.config/zoetrope/NAME.json`; nil when neither is known.
    public static func file(forApp name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" }.prefix(100))
        let folder: URL
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            folder = URL(fileURLWithPath: xdg).appendingPathComponent("zoetrope")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folder = URL(fileURLWithPath: home).appendingPathComponent(".config/zoetrope")
        } else { return nil }
        return folder.appendingPathComponent((safe.isEmpty ? "app" : safe) + ".json")
    }

    func setting<Plain>(_ key: String, default value: Plain, convert: @escaping (Plain) -> Any? = { $0 }) -> StoredSetting {
        if let s = settings[key] { return s }
        let s = StoredSetting(key: key, settings: self, defaultValue: value, convert: convert)
        settings[key] = s
        return s
    }

    func value(for key: String) -> Any? { loaded()[key] }

    func set(_ value: Any, for key: String) {
        var all = loaded()
        all[key] = value
        values = all
        save(all)
    }

    private func loaded() -> [String: Any] {
        if let values { return values }
        var read: [String: Any] = [:]
        if let file {
            PosixFile.removeStaleTemporaries(of: file.path)
            do {
                if try PosixFile.exists(file.path) {
                    let data = try PosixFile.read(file.path, maxBytes: 1 << 20)
                    if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                        read = object
                    } else {
                        warn("\(file.path) is not a settings file (a JSON object); using the defaults")
                    }
                }
            } catch {
                warn("cannot read the settings \(error); using the defaults")
            }
        }
        values = read
        return read
    }

    private func save(_ all: [String: Any]) {
        guard let file else { return }
        do {
            try PosixFile.makeFolders(file.deletingLastPathComponent().path)
            let data = try JSONSerialization.data(withJSONObject: all, options: [.sortedKeys, .prettyPrinted])
            try PosixFile.writeAtomically(data, to: file.path)
        } catch {
            if !warnedWrite { warn("cannot save the settings: \(error)") }
            warnedWrite = true
        }
    }
}
