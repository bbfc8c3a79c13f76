// `import UIKit` in a book's file (and, as on iOS, part of `import SwiftUI`): the UIKit and Core Animation names
// the book's code uses, over the engine.
@_exported import Foundation
@_exported import Views
import Stage

// Public signatures here use the engine's `Double`, `Point`, `Size` and `Rect`: a book project knows them as
// `CGFloat`, `CGPoint`, `CGSize` and `CGRect` (BookGlue), not as Foundation's types of those names.
