/// An image by name, from the project's assets (an asset catalog's `.imageset`, or a file beside the code).
open class UIImage {
    /// The asset name the renderer draws.
    public let name: String

    public init?(named name: String) {
        guard !name.isEmpty else { return nil }
        self.name = name
    }
    /// An SF Symbol, drawn by the engine's own symbol set (`Image(systemName:)`).
    public init?(systemName: String) { name = "symbol:" + systemName }

    /// Core Graphics' view of the same image (what `CAEmitterCell.contents` takes).
    public var cgImage: CGImage? { CGImage(name: name) }
}

/// Core Graphics' image, as far as the book uses it: the contents of an emitter cell.
public final class CGImage {
    public let name: String
    public init(name: String) { self.name = name }
}
