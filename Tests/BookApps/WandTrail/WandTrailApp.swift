import SwiftUI

@main
struct WandTrailApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
