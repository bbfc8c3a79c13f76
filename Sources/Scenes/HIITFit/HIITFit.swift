import Stage
import Views

/// HIITFit as it stands at the end of SwiftUI Apprentice ch. 7, "Observing Objects" (spec 06 §1.A): the whole app and
/// the previews the chapter walks through. Every scene is a fixed canvas (the 390 × 844 phone, content inside its
/// safe area, HIITFitScreen), scaled to the window with black bars. The book's type names live in this namespace so
/// they do not meet the other chapters' `ContentView`s.
enum HIITFit {
    static let chapter = "HIITFit (SwiftUI Apprentice ch. 7)"
    /// The phone's canvas (spec 06 §1.A.1).
    static let screenSize = Size(390, 844)

    static let scenes: [SceneEntry] = [
        .view("hiitfit-app", chapter: chapter, title: "HIITFit — Observing Objects", size: screenSize,
              mapping: .fixedCanvas) { HIITFitScreen { ContentView() } },
        .view("hiitfit-timer-view", chapter: chapter, title: "TimerView on its own", size: Size(390, 300),
              mapping: .fixedCanvas) { TimerViewPreview() },
        .view("hiitfit-exercise-preview-last", chapter: chapter, title: "ExerciseView preview — last exercise",
              size: screenSize, mapping: .fixedCanvas) { ExercisePreview(index: 3) },
        .view("hiitfit-exercise-preview-history", chapter: chapter, title: "ExerciseView preview — history",
              size: screenSize, mapping: .fixedCanvas) { ExercisePreview(index: 0) },
        .view("hiitfit-timer-layout-before-tweak", chapter: chapter, title: "Layout before “Tweaking the UI”",
              size: screenSize, mapping: .fixedCanvas) { ExercisePreview(index: 3, beforeTweak: true) },
    ]
}

extension HIITFit {
    /// The iPhone-12-class screen of spec 06 §1.A.1: a white 390 × 844 canvas whose content lays out inside the safe
    /// area, 47 pt below the top and 34 pt above the bottom (763 pt tall). Sheets cover the whole canvas.
    struct HIITFitScreen<Content: View>: View {
        let content: Content
        init(@ViewBuilder content: () -> Content) { self.content = content() }

        var body: some View {
            ZStack {
                Color.white
                content
                    .padding(.top, 47)
                    .padding(.bottom, 34)
            }
            .frame(width: 390, height: 844)
        }
    }
}
