import Foundation
import Stage
import UIKit
import Views

/// An image for sprites, by asset name (an asset catalog's image set or a file of the project folder).
open class SKTexture: Hashable {
    /// The asset name the renderer draws.
    public let imageName: String

    public init(imageNamed name: String) { imageName = name }
    public convenience init(image: UIImage) { self.init(imageNamed: image.name) }

    /// The image's size in points (1 px = 1 pt, as the engine draws images); 64 × 64, the engine's placeholder, when
    /// the image cannot be read.
    public func size() -> Size {
        guard let url = ViewScene.running?.context.assets.imageURL(named: imageName),
              let size = ImageHeader.size(of: url), ImageHeader.isWithinBudget(size) else {
            SpriteKitLog.say("texture \"\(imageName)\": no such image in the project's assets; drawn as a placeholder")
            return Size(64, 64)
        }
        return size
    }

    public static func == (a: SKTexture, b: SKTexture) -> Bool { a.imageName == b.imageName }
    public func hash(into hasher: inout Hasher) { hasher.combine(imageName) }
}
