import SwiftUI

@main
struct SnowFallApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
