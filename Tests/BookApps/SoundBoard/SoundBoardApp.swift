import SwiftUI

@main
struct SoundBoardApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
