import SwiftUI

// A test app for `zoetrope run` that uses the SwiftUI API of the book's projects (spec 07) the way the book does,
// one page per kind of API. Original code: it draws nothing of the book's.
@main
struct APITourApp: App {
    @StateObject private var model = TourModel()

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environmentObject(model)
        }
    }
}
