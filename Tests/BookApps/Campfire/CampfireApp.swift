import SwiftUI

@main
struct CampfireApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
