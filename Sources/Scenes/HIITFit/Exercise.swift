import Views

extension HIITFit {
    /// One exercise of the fixed catalogue (spec 06 §1.A.2): its display name and the base name of its video.
    struct Exercise {
        let exerciseName: String
        let videoName: String

        enum ExerciseEnum: String {
            case squat = "Squat"
            case stepUp = "Step Up"
            case burpee = "Burpee"
            case sunSalute = "Sun Salute"
        }

        static let exercises = [
            Exercise(exerciseName: ExerciseEnum.squat.rawValue, videoName: "squat"),
            Exercise(exerciseName: ExerciseEnum.stepUp.rawValue, videoName: "step-up"),
            Exercise(exerciseName: ExerciseEnum.burpee.rawValue, videoName: "burpee"),
            Exercise(exerciseName: ExerciseEnum.sunSalute.rawValue, videoName: "sun-salute"),
        ]
    }
}
