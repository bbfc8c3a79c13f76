import Diagnostics
import Logging

/// The backend's logger: what it says (a missing image or font, a budget exceeded) reaches the user once per run.
/// The audio engine takes a `Logger` of its own (`AudioEngine(…, log:)`, this run's by default) so its tests can
/// read what it said.
let logger = Logger.zoetrope("zoetrope.backend")
