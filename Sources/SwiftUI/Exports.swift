// `import SwiftUI` in a book's file: the engine's view layer under Apple's module name, with what Apple's SwiftUI
// brings along on iOS: Foundation and UIKit.
@_exported import Foundation
@_exported import UIKit
@_exported import Views
import Stage

// Public signatures here use the engine's `Double`, `Point`, `Size` and `Rect`: a book project knows them as
// `CGFloat`, `CGPoint`, `CGSize` and `CGRect` (BookGlue), not as Foundation's types of those names.
