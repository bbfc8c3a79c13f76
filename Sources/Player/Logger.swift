import Diagnostics
import Logging

/// The player's logger: what it says (a missing folder, a file it cannot open, an output it cannot write) reaches
/// the user through the run's `RunLogHandler`: warnings once per run, errors once and counted for the exit code.
nonisolated let logger = Logger.zoetrope("zoetrope.player")
