// `import SwiftUI` in a book's file: the engine's view layer under Apple's module name, with what Apple's SwiftUI
// brings along (Foundation, as on Apple's systems, where SwiftUI re-exports it).
@_exported import Foundation
@_exported import Views
