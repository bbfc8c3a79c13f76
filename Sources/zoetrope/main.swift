import Diagnostics
import Foundation
import Logging
import Player

// Before anything allocates much: large blocks are mapped and given back, not kept in the heap (issue 24).
MallocTuning.apply()

// Run as the player's sound decoder (`SoundHelper`): decode one file to standard output and exit.
if let status = SoundHelper.serve(CommandLine.arguments) { exit(status) }

// Everything logged in this process, by our loggers or any other swift-log user, goes to the run's handler: a
// warning is said once, `zoetrope: MESSAGE` on standard error; an output that cannot be written also sets exit 1.
LoggingSystem.bootstrap { RunLogHandler(label: $0, run: .shared) }

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
