import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// A C library opened with `dlopen` by its soname, and its functions looked up by name, with errors that name the
/// library and the symbol. The player opens its optional libraries this way instead of linking them (FFmpeg,
/// SDL_mixer, SDL_image, Hunspell): a linked library is loaded, with everything it pulls in, before `main` on every
/// launch, whether the run needs it or not (issue 24: the first frame). The headers still give the types and
/// constants; each caller declares a function with the C type its header declares and looks it up once.
///
/// Handles are never closed: the functions are kept for the life of the process, and nothing can say when the last
/// call through them is over.
public struct SharedLibrary: @unchecked Sendable {   // an immutable handle; dlsym is thread-safe
    /// Why a library could not be used; the description names the library or symbol and the loader's reason.
    public struct LoadError: Error, CustomStringConvertible, Equatable, Sendable {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// The name it was opened by: a soname such as `libSDL2_mixer-2.0.so.0`, found where the dynamic loader finds
    /// linked libraries (`LD_LIBRARY_PATH`, the cache, the system folders).
    public let soname: String
    private let handle: UnsafeMutableRawPointer

    /// Opens `soname`. RTLD_LAZY, as a linked library is bound: RTLD_NOW would bind every symbol of the library and
    /// all it pulls in up front, holding the loader's lock longer for functions a run mostly never calls.
    /// RTLD_LOCAL: its symbols are for our lookups only. `advice` (what to install) ends the error.
    public init(_ soname: String, advice: String? = nil) throws(LoadError) {
        guard let handle = dlopen(soname, RTLD_LAZY | RTLD_LOCAL) else {
            throw LoadError(description: "cannot load \(soname) (\(Self.lastError()))" + (advice.map { "; \($0)" } ?? ""))
        }
        self.soname = soname
        self.handle = handle
    }

    /// The function `name`, cast to the C function type it is assigned to, which must be the one its header declares.
    public func function<Function>(_ name: String) throws(LoadError) -> Function {
        guard let symbol = dlsym(handle, name) else {
            throw LoadError(description: "\(soname) has no function \(name) (\(Self.lastError()))")
        }
        return unsafeBitCast(symbol, to: Function.self)
    }

    private static func lastError() -> String {
        dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
    }
}

/// A class that binds a C library's functions from a `SharedLibrary`, with one instance for the process: `shared`,
/// a static `let` of `load(soname)` (initialised once, thread-safely, on first use, so a thread that needs it while
/// `preload()` is loading it waits for that load).
public protocol LibraryBinding: AnyObject, Sendable {
    /// Opens the library by `soname` and looks up every function; throws naming the library or the first missing.
    init(soname: String) throws(SharedLibrary.LoadError)
    /// The process's instance, or why there is none; never closed.
    static var shared: Result<Self, SharedLibrary.LoadError> { get }
}

extension LibraryBinding {
    /// The library of this soname, or why it cannot be used.
    public static func load(_ soname: String) -> Result<Self, SharedLibrary.LoadError> {
        Result { () throws(SharedLibrary.LoadError) in try Self(soname: soname) }
    }

    /// Opens the process's instance on a background queue and returns at once, so that its first use finds it
    /// loaded (or waits for the load under way).
    public static func preload() {
        DispatchQueue.global(qos: .userInitiated).async { _ = shared }
    }
}
