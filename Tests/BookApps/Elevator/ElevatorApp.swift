import SwiftUI

// A test app for `zoetrope run` (FaithfulElevatorTests): our built-in chapter 11 scene's code as a book project
// has it. The test makes the project: this file and PlaySound.swift, plus the scene's own ContentView.swift and
// DataModel.swift from Sources/Scenes/Elevator with `import SwiftUI` and without probe names (`.named`) or the
// engine's `playSound`, the images in an asset catalog and the sounds beside the code.
@main
struct ElevatorApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
