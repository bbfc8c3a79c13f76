import Foundation
import Logging
import Views

/// What SpriteKit says when a book's code asks for something that cannot be done (a missing `.sks` file, a node
/// added twice): a warning on the running scene's log, which says each one once; standard error outside a scene.
enum SpriteKitLog {
    static func say(_ message: String) {
        if let log = ViewScene.running?.context.log {
            log.warning("\(message)")
        } else {
            FileHandle.standardError.write(Data(("warning: " + message + "\n").utf8))
        }
    }
}
