import Foundation
import Logging
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The signal that asked the run to stop (0: none). Set from the signal handler, so it is a lock-free atomic.
private let stopSignalNumber = Atomic<Int32>(0)

/// SIGTERM and SIGINT end a run cleanly: the run loops check `requested` once a frame and return, so the audio
/// capture is finished (valid WAV header) before the process exits with 128 + the signal number. The handler only
/// stores the number (async-signal-safe); what is said about it is said after the run, through the run's log.
enum StopSignal {
    /// Installs the handlers (before SDL starts, so SDL sees them and leaves them alone). A second signal of the same
    /// kind while the run is stopping ends the process the default way.
    static func install() {
        _ = stopSignalNumber.load(ordering: .relaxed)   // initialise the global outside the handler
        for sig in [SIGTERM, SIGINT] {
            signal(sig) { sig in
                stopSignalNumber.store(sig, ordering: .relaxed)
                signal(sig, SIG_DFL)
            }
        }
    }

    /// True once SIGTERM or SIGINT arrived.
    static var requested: Bool { stopSignalNumber.load(ordering: .relaxed) != 0 }

    /// After the run returned: when a signal stopped it, says so (`zoetrope: stopped by SIGTERM` on standard error)
    /// and exits with 128 + the signal number (130 for SIGINT, 143 for SIGTERM), as shells do.
    static func exitIfRequested() {
        let sig = stopSignalNumber.load(ordering: .relaxed)
        guard sig != 0 else { return }
        let name = sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "signal \(sig)"
        logger.notice("stopped by \(name)")
        Foundation.exit(128 + sig)
    }
}
