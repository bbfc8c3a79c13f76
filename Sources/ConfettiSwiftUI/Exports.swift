// `import ConfettiSwiftUI` in a book's file (chapter 14): the package's `.confettiCannon(counter:num:confettis:…)`
// is the engine's re-implementation (Views/Effects/ConfettiCannon.swift, spec 05 §3.6), part of our SwiftUI.
@_exported import SwiftUI
