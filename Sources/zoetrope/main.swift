import Foundation
import Player

// Every usage error (argument-parser's own — unknown option, bad number — and our ValidationErrors) exits 2
// with its message on standard error, as the README says; --help and other clean exits print to standard output
// and exit 0.
do {
    var command = try ZoetropeCommand.parseAsRoot()
    try command.run()
} catch {
    let code = ZoetropeCommand.exitCode(for: error)
    let message = ZoetropeCommand.fullMessage(for: error)
    if code.isSuccess {
        if !message.isEmpty { print(message) }
        exit(0)
    }
    if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
    exit(code == .validationFailure ? 2 : code.rawValue)
}
