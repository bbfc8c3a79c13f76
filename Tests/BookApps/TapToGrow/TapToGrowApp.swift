import SwiftUI

@main
struct TapToGrowApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
