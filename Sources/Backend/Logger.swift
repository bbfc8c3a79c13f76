import Diagnostics
import Logging

/// The backend's logger: what it says (a missing image or font, a budget exceeded) reaches the user once per run.
let logger = Logger.zoetrope("zoetrope.backend")
