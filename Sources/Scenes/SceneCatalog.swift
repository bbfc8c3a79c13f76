import Stage

/// Every scene the player offers, in menu order. Later chapters add their entries here.
public enum SceneCatalog {
    public static let all: [SceneEntry] = [
        SceneEntry(ElevatorScene.self),
    ]

    public static func entry(id: String) -> SceneEntry? { all.first { $0.info.id == id } }
}
