import Stage

/// RoadTrip from *iOS App Development For Dummies* (2014), ch. 10 "Adding Animation and Sound to Your App"
/// (spec 06 §1.B).
enum RoadTrip {
    static let chapter = "RoadTrip (iOS App Dev for Dummies ch. 10)"
    static let scenes: [SceneEntry] = [
        SceneEntry(RoadTripTestDrive.self),
    ]
}
