import Diagnostics

/// The old name of a run's log, kept while the audio engine and its tests (split into smaller files in parallel)
/// still say `Log`; logging lives in `Diagnostics` (swift-log `Logger`s and `RunLogHandler`). Remove once they say
/// `RunLog` or take a `Logger`.
public typealias Log = RunLog
