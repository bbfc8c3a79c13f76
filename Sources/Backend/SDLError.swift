import CSDL2

/// A failure of the SDL side, with a message a user understands.
public struct BackendError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
    /// `what` plus SDL's own explanation.
    static func sdl(_ what: String) -> BackendError { BackendError("\(what): \(String(cString: SDL_GetError()))") }
}
