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
            // First launch (or no folder yet): the defaults, quietly.
            guard FileManager.default.fileExists(atPath: file.path) else { return }
            let data: Data
            do {
                data = try Data(contentsOf: file)
            } catch {
                return warn("Find Words: cannot read the settings file \(file.path) (\(error.localizedDescription)); using the defaults")
            }
            guard let values = Self.decode(data) else {
                return warn("Find Words: the settings file \(file.path) is not valid settings JSON; using the defaults (the file is left as it is until a setting changes)")
            }
            selectedSegment = values.segment
            englishIsOn = values.english
            spanishIsOn = values.spanish
            italianIsOn = values.italian
        }

        /// The four keys from a JSON object; a missing key takes its default, a key of the wrong type (or a segment
        /// outside 0...3) makes the whole file invalid.
        static func decode(_ data: Data) -> (segment: Int, english: Bool, spanish: Bool, italian: Bool)? {
            guard let v = try? JSONDecoder().decode(Keys.self, from: data) else { return nil }
            let segment = v.selectedSegment ?? 0
            guard (0...3).contains(segment) else { return nil }
            return (segment, v.englishIsOn ?? false, v.spanishIsOn ?? false, v.italianIsOn ?? false)
        }

        private struct Keys: Decodable {
            var selectedSegment: Int?
            var englishIsOn: Bool?
            var spanishIsOn: Bool?
            var italianIsOn: Bool?
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

        /// Writes a temporary file beside the settings file and renames it over it (atomic on one file system).
        private func save() {
            guard let file else { return }
            let dir = file.deletingLastPathComponent()
            let temp = dir.appendingPathComponent(".\(Self.fileName).\(ProcessInfo.processInfo.processIdentifier).tmp")
            do {
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                try encoded.write(to: temp)
                guard rename(temp.path, file.path) == 0 else {
                    let reason = String(cString: strerror(errno))
                    try? FileManager.default.removeItem(at: temp)
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: reason])
                }
            } catch {
                guard !warnedSave else { return }
                warnedSave = true
                warn("Find Words: cannot save the settings to \(file.path) (\(error.localizedDescription)); they last until the scene is left")
            }
        }
    }
}
