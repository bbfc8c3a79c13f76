import Stage
import Views

/// Chapter 4 of the book: the record player.
enum Chapter04 {
    static let scenes: [SceneEntry] = [
        .view("ch4-record-player", chapter: "Chapter 4", title: "Record Player", size: Size(390, 844)) { RecordPlayer() },
    ]
}
