import Diagnostics

/// libhunspell's C API, opened with `dlopen` on Find Words' first word check rather than linked: only that scene
/// (and a book project's `UITextChecker`) checks words, and a linked library is loaded before `main` on every launch
/// (issue 24: the first frame). No header is needed: each function here is looked up once, with the C type
/// `hunspell/hunspell.h` declares (`Hunhandle *` is opaque, an `OpaquePointer`). A missing library or function is one
/// `LoadError` naming it, kept for the run: the game then checks words against its base-word lists.
nonisolated final class HunspellLibrary: LibraryBinding, @unchecked Sendable {   // only immutable function pointers, set in `init`
    /// Debian's libhunspell-1.7-0.
    static let soname = "libhunspell-1.7.so.0"

    /// The process's Hunspell, opened at the first word check; never closed.
    static let shared = load(soname)

    let Hunspell_create: @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> OpaquePointer?
    let Hunspell_destroy: @convention(c) (OpaquePointer?) -> Void
    let Hunspell_spell: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let Hunspell_get_dic_encoding: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?

    init(soname: String) throws(SharedLibrary.LoadError) {
        let hunspell = try SharedLibrary(soname, advice: "install libhunspell-1.7-0")
        Hunspell_create = try hunspell.function("Hunspell_create")
        Hunspell_destroy = try hunspell.function("Hunspell_destroy")
        Hunspell_spell = try hunspell.function("Hunspell_spell")
        Hunspell_get_dic_encoding = try hunspell.function("Hunspell_get_dic_encoding")
    }
}
