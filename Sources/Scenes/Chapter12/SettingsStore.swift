import Diagnostics
import Foundation
import Views

extension Chapter12 {
    /// The book's `@AppStorage` keys (spec 04 §2.4): on Linux a small JSON file,
    /// `$XDG_CONFIG_HOME/zoetrope/find-words.json` (else `~/.config/zoetrope/`), with the same keys:
    /// `{"selectedSegment": 2, "englishIsOn": false, "spanishIsOn": false, "italianIsOn": true}`.
    ///
    /// One store serves the picker, the settings sheet and the model (choice F6). Every change is saved at once,
    /// atomically (a temporary file in the same folder, then a rename), so a crash never leaves half a file. A
    /// missing file gives the defaults quietly; an unreadable or corrupt one gives the defaults with one warning
    /// and is left as it is until the user changes a setting. A file that cannot be written gives one warning,
    /// and the game goes on with the settings in memory.
    final class SettingsStore: ObservableObject {
        @Published private(set) var selectedSegment = 0
        @Published private(set) var englishIsOn = false
        @Published private(set) var spanishIsOn = false
        @Published private(set) var italianIsOn = false

        let file: URL?
        private let warn: (String) -> Void
        private var warnedSave = false

        static let fileName = "find-words.json"

        /// `$XDG_CONFIG_HOME/zoetrope` (an absolute path, as the XDG spec requires), else `$HOME/.config/zoetrope`;
        /// nil when neither is known (settings then live for the run only).
        static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
            if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
                return URL(fileURLWithPath: xdg).appendingPathComponent("zoetrope")
            }
            guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
            return URL(fileURLWithPath: home).appendingPathComponent(".config/zoetrope")
        }

        /// Reads `directory/find-words.json`; nil directory: in memory only.
        init(directory: URL?, warn: @escaping (String) -> Void) {
            file = directory?.appendingPathComponent(Self.fileName)
            self.warn = warn
            load()
        }

        /// The language that is on (the first in English, Spanish, Italian order), if any.
        var language: Language? {
            englishIsOn ? .english : spanishIsOn ? .spanish : italianIsOn ? .italian : nil
        }

        func isOn(_ language: Language) -> Bool {
            switch language {
            case .english: return englishIsOn
            case .spanish: return spanishIsOn
            case .italian: return italianIsOn
            }
        }

        /// The picker: 1, 2 or 3 (7, 8 or 9 letters), saved at once.
        func setSelectedSegment(_ segment: Int) {
            selectedSegment = segment
            save()
        }

        /// A language button: that language on, the others off, saved at once.
        func select(_ language: Language) {
            englishIsOn = language == .english
            spanishIsOn = language == .spanish
            italianIsOn = language == .italian
            save()
        }

        // MARK: The file

        private func load() {
            guard let file else { return }
            PosixFile.removeStaleTemporaries(of: file.path)
            let data: Data
            do {
                // First launch (or no folder yet): the defaults, quietly.
                guard try PosixFile.exists(file.path) else { return }
            } catch {
                // A file where the settings folder should be: nothing can be read or saved there, said once.
                warnedSave = true
                return warn("Find Words: cannot keep settings in \(error); using the defaults, which last until the scene is left")
            }
            do {
                data = try PosixFile.read(file.path, maxBytes: 1 << 20)
            } catch {
                return warn("Find Words: cannot read the settings file \(error); using the defaults")
            }
            let values: Values
            do { values = try Self.decode(data) } catch {
                return warn("Find Words: the settings file \(file.path) \(error); using the defaults (the file is left as it is until a setting changes)")
            }
            selectedSegment = values.segment
            englishIsOn = values.english
            spanishIsOn = values.spanish
            italianIsOn = values.italian
        }

        typealias Values = (segment: Int, english: Bool, spanish: Bool, italian: Bool)

        /// Why a settings file is refused, in words that name the key.
        struct Refusal: Error, CustomStringConvertible { let description: String }

        /// The four keys from a JSON object; a missing key takes its default. A file that is not a JSON object, a key
        /// of the wrong type or a segment outside 0...3 makes the whole file invalid, said with the key and value.
        static func decode(_ data: Data) throws -> Values {
            guard let json = try? JSONDecoder().decode([String: Field].self, from: data) else {
                throw Refusal(description: "is not valid settings JSON (an object of the four keys)")
            }
            func flag(_ key: String) throws -> Bool {
                switch json[key] {
                case nil: return false
                case let .bool(b)?: return b
                case let v?: throw Refusal(description: "has \(key) \(v), which must be true or false")
                }
            }
            var segment = 0
            switch json["selectedSegment"] {
            case nil: break
            case let .number(n)? where [0, 1, 2, 3].contains(n): segment = Int(n)
            case let v?: throw Refusal(description: "has selectedSegment \(v), which must be 0, 1, 2 or 3")
            }
            return (segment, try flag("englishIsOn"), try flag("spanishIsOn"), try flag("italianIsOn"))
        }

        /// One value of the file, whatever its type, so a wrong one is named as it is written.
        enum Field: Decodable, CustomStringConvertible {
            case bool(Bool), number(Double), text(String), other

            init(from decoder: Decoder) throws {
                let c = try decoder.singleValueContainer()
                if let b = try? c.decode(Bool.self) { self = .bool(b) }
                else if let n = try? c.decode(Double.self) { self = .number(n) }
                else if let t = try? c.decode(String.self) { self = .text(t) }
                else { self = .other }
            }

            var description: String {
                switch self {
                case let .bool(b): return "\(b)"
                case let .number(n): return n == n.rounded() && abs(n) < 1e15 ? "\(Int(n))" : "\(n)"
                case let .text(t): return "\"\(t.prefix(40))\""
                case .other: return "(a list, an object or null)"
                }
            }
        }

        private var encoded: Data {
            let text = """
                {
                  "selectedSegment" : \(selectedSegment),
                  "englishIsOn" : \(englishIsOn),
                  "spanishIsOn" : \(spanishIsOn),
                  "italianIsOn" : \(italianIsOn)
                }

                """
            return Data(text.utf8)
        }

        /// Writes the file atomically (`PosixFile.writeAtomically`: a temporary file beside it, renamed over it;
        /// through a symbolic link to its target).
        private func save() {
            guard let file else { return }
            do {
                try PosixFile.writeAtomically(encoded, to: file.path)
            } catch {
                guard !warnedSave else { return }
                warnedSave = true
                warn("Find Words: cannot save the settings to \(error); they last until the scene is left")
            }
        }
    }
}
