import Foundation

/// One emitter found in a particle file, with what the file says about its node and texture beyond `EmitterConfig`.
public struct LoadedEmitter: Equatable, Sendable {
    public var config: EmitterConfig
    /// Where the emitter node sits in its scene, for emitters found inside an `SKScene` file: the node's `_position`
    /// plus the positions of its ancestor nodes below the scene (translations only; rotation and scale of ancestors
    /// are not applied). `nil` for a stand-alone emitter file, whose placement is decided by the code that loads it.
    public var nodePosition: Vector2?
    /// `_originalAtlasName` of the particle texture: the texture named `config.particleTexture` lives inside the
    /// sprite atlas `NAME.atlas` / `NAME.spriteatlas`. `nil` for a plain image.
    public var textureAtlas: String?
    /// The texture's size in points as recorded by the editor (`SKTexture._size`), e.g. 151 × 155 for Magic's `star`
    /// whose pixels are 302 × 310 (spec 05 §5 item 9). `nil` when the file does not say.
    public var textureSize: Vector2?

    public init(config: EmitterConfig, nodePosition: Vector2? = nil, textureAtlas: String? = nil,
                textureSize: Vector2? = nil) {
        self.config = config; self.nodePosition = nodePosition
        self.textureAtlas = textureAtlas; self.textureSize = textureSize
    }
}

/// What a loader returns: the emitters in file order and human-readable warnings (each already names the file).
/// Absurd values are sanitised and reported in **one** warning per file; unknown JSON fields in one more.
public struct LoadResult: Equatable, Sendable {
    public var emitters: [LoadedEmitter]
    public var warnings: [String]
    public init(emitters: [LoadedEmitter], warnings: [String] = []) { self.emitters = emitters; self.warnings = warnings }
    /// The configurations alone, in file order.
    public var configs: [EmitterConfig] { emitters.map(\.config) }
}

/// A particle file that cannot be used. `description` reads "FILE: problem", naming the key or field at fault.
public struct ParticleFileError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    public enum Problem: Equatable, Sendable {
        /// The file could not be read (missing, a directory, unreadable, too large).
        case unreadable
        /// Neither a binary nor an XML property list.
        case notPropertyList
        /// A property list, but not an NSKeyedArchiver archive (`$archiver`, `$objects`, `$top`).
        case notKeyedArchive
        /// A valid archive or JSON document without any emitter in it.
        case noEmitter
        /// A known key or field holds a value of the wrong type; `key` is its path, e.g. `_birthrate`.
        case wrongType(key: String)
        /// A known key or field has the right type but an unreadable value (e.g. a point string "{a, b}").
        case malformedValue(key: String)
        /// A UID that points outside `$objects`.
        case danglingReference(uid: Int)
        /// The object graph refers back to itself.
        case cycle
        /// Nesting deeper than the loader accepts, or more objects than it is willing to visit.
        case tooComplex
        /// Not valid JSON.
        case notJSON
        /// The content is neither a property list nor JSON.
        case unrecognisedFormat
    }

    public var file: String
    public var problem: Problem
    public var message: String

    public init(file: String, problem: Problem, message: String) {
        self.file = file; self.problem = problem; self.message = message
    }

    public var description: String { "\(file): \(message)" }
    public var errorDescription: String? { description }
}
