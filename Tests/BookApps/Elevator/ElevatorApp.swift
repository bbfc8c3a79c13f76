import SwiftUI

@main
struct ElevatorApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
