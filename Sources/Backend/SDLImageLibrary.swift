import CSDL2
import Diagnostics
import Foundation

/// The SDL_image functions the backend calls (decoding PNG and JPEG, writing PNG), opened with `dlopen` rather than
/// linked: SDL_image pulls in libtiff (with Lerc, jbig, deflate, zstd, lzma), webp, jpeg and png, which the dynamic
/// loader otherwise maps and initialises before `main` on every launch (issue 24: the first frame), though a window
/// whose pictures the `DecodedPictureStore` holds decodes none. The CSDL2 module still gives the types; each function
/// here is looked up once, with the C type `SDL_image.h` declares.
///
/// A window starts the load on another thread once it is made (`preload()`); a picture decoded sooner waits for the load
/// under way (a static `let` is initialised once). A missing library or function is one `LoadError` naming it,
/// kept for the run: pictures are then drawn as placeholders, with one warning.
public final class SDLImageLibrary: LibraryBinding, @unchecked Sendable {   // only immutable function pointers, set in `init`
    /// SDL_image 2's soname (the `-2.0.so.0` of every SDL2 library; Debian's libsdl2-image-2.0-0).
    static let soname = "libSDL2_image-2.0.so.0"

    /// The process's SDL_image, opened on first use (`preload()`: on another thread); never closed.
    public static let shared = load(soname)

    let IMG_Load: @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<SDL_Surface>?
    let IMG_SavePNG: @convention(c) (UnsafeMutablePointer<SDL_Surface>?, UnsafePointer<CChar>?) -> Int32

    /// Opens the library, looks up every function and initialises PNG and JPEG decoding, once, here: images may then
    /// be decoded on several threads at once (`PictureJob`).
    public init(soname: String) throws(SharedLibrary.LoadError) {
        let image = try SharedLibrary(soname, advice: "install libsdl2-image-2.0-0")
        let IMG_Init: @convention(c) (Int32) -> Int32 = try image.function("IMG_Init")
        IMG_Load = try image.function("IMG_Load")
        IMG_SavePNG = try image.function("IMG_SavePNG")
        _ = IMG_Init(Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue))
    }
}
