import Foundation
import Scenes
import Stage
import SwiftUI
import UIKit

/// Loads a compiled book project into the running player and reads what it offers.
enum BookLoader {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Loads `library` (never unloaded: Swift code cannot be unloaded safely) and returns the app's and the
    /// previews' entries.
    static func load(_ library: URL, folder: BookFolder, size: Size?) throws -> [SceneEntry] {
        guard let handle = dlopen(library.path, RTLD_NOW | RTLD_LOCAL) else {
            throw Failure(description: "cannot load the compiled project: \(String(cString: dlerror()))")
        }
        guard let symbol = dlsym(handle, BookGlue.registerSymbol) else {
            throw Failure(description: "the compiled project has no \(BookGlue.registerSymbol)")
        }
        ProjectBundle.main.resourceRoots = [folder.url]
        if UITextChecker.dictionary == nil { UITextChecker.dictionary = Spelling.checker() }
        AppSettings.shared.file = AppSettings.file(forApp: folder.appType.map(title) ?? folder.url.lastPathComponent)
        typealias Register = @convention(c) () -> Void
        BookProject.loading = BookProject()
        unsafeBitCast(symbol, to: Register.self)()
        let title = folder.appType.map(BookLoader.title) ?? folder.url.lastPathComponent
        let entries = BookProject.loading.entries(title: title, size: size, file: folder.sources.first?.path)
        guard !entries.isEmpty else {
            throw Failure(description: "\(folder.url.path): no @main App and no PreviewProvider to show")
        }
        return entries
    }

    /// `ElevatorApp` → "Elevator".
    private static func title(_ appType: String) -> String {
        appType.hasSuffix("App") && appType.count > 3 ? String(appType.dropLast(3)) : appType
    }
}
