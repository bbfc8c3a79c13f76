// `import SpriteKit` in a book's file: SpriteKit's node tree, actions and emitters over the engine's particle layer,
// with what Apple's SpriteKit brings along on iOS (UIKit, Foundation).
@_exported import Foundation
@_exported import UIKit
// Core Graphics' vector (particle position ranges, `move(by:)`), which a file importing only SpriteKit sees on iOS.
@_exported import struct SwiftUI.CGVector
import Stage

// Public signatures here use the engine's `Double`, `Point`, `Size` and `Rect`: a book project knows them as
// `CGFloat`, `CGPoint`, `CGSize` and `CGRect` (BookGlue), not as Foundation's types of those names.

/// SpriteKit's colour type on iOS.
public typealias SKColor = UIColor
