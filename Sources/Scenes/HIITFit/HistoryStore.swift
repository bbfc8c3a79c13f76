import Foundation
import Views

extension HIITFit {
    /// One day of the history: the exercises done that day, in order (spec 06 §1.A.3).
    struct ExerciseDay: Identifiable {
        let id = UUID()
        let date: Date
        var exercises: [String] = []
    }

    /// The exercise history, shared by every page through the environment. A class, so every view that gets it from
    /// the environment holds the same store; nothing is saved (the chapter leaves persistence for later), so each
    /// launch starts again from the two days of dev data.
    final class HistoryStore: ObservableObject {
        /// Newest day first.
        @Published var exerciseDays: [ExerciseDay] = []

        init() {
            createDevData()
        }

        /// The two seeded days (the book builds them in DEBUG; our player always does).
        func createDevData() {
            exerciseDays = [
                ExerciseDay(date: Date().addingTimeInterval(-86400), exercises: [
                    Exercise.exercises[0].exerciseName,
                    Exercise.exercises[1].exerciseName,
                    Exercise.exercises[2].exerciseName,
                ]),
                ExerciseDay(date: Date().addingTimeInterval(-86400 * 2), exercises: [
                    Exercise.exercises[1].exerciseName,
                    Exercise.exercises[0].exerciseName,
                ]),
            ]
        }

        /// Adds a finished exercise to today's entry, starting a new day at the top when the newest one is not today.
        func addDoneExercise(_ exerciseName: String) {
            let today = Date()
            // An empty history gets a new day (spec 06 §5.12: the later chapters' fix for reading element 0).
            if let first = exerciseDays.first, today.isSameDay(as: first.date) {
                print("Adding \(exerciseName)")
                exerciseDays[0].exercises.append(exerciseName)
            } else {
                exerciseDays.insert(ExerciseDay(date: today, exercises: [exerciseName]), at: 0)
            }
        }
    }
}

extension Date {
    /// The date in local time, formatted with a pattern such as "MMM d".
    func formatted(as format: String) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = format
        return formatter.string(from: self)
    }

    /// Same calendar day in local time, compared as the book does: by "yyyy MM dd" strings.
    func isSameDay(as day: Date) -> Bool {
        formatted(as: "yyyy MM dd") == day.formatted(as: "yyyy MM dd")
    }
}
