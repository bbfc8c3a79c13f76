import Particles
import Stage

/// "Coffee Steam" (chapter 15): steam drawn between two copies of the mug, so it rises out of the coffee
/// (spec 05 §2.2).
public final class CoffeeSteamScene: Scene {
    public static let info = SceneInfo(id: "coffee-steam", chapter: "Chapter 15", title: "Coffee Steam",
                                       referenceSize: Size(390, 844), mapping: .responsive)
    public let root = Node(name: "root")
    private let background = Node(name: "background", content: .image("coffee-steam/background", .stretch))
    private let cup = Node(name: "cup", content: .image("coffee-steam/cup", .stretch))
    let steamLayer = ParticleLayer(name: "steam-layer", sceneSize: Vector2(400, 600))
    private let cup2 = Node(name: "cup2", content: .image("coffee-steam/cup 2", .stretch))
    let steam: EmitterNode

    public init(context: SceneContext) {
        let config = Effects.smoke("CoffeeSteam", context)
        steam = EmitterNode(name: "steam", config: config, seed: context.seed)
        steam.position = Vector2(200, 300)
        steamLayer.add(steam)
        root.add([background, cup, steamLayer, cup2])
    }

    public func layout(size: Size, time: Double) {
        let C = Point(size.width / 2, size.height / 2)
        root.frame = Rect(origin: .zero, size: size)
        background.frame = Rect(center: C, size: Size(600, 900))
        cup.frame = Rect(center: Point(C.x, C.y + 250), size: Size(350, 300))
        cup2.frame = cup.frame
        steamLayer.place(size: size, center: Point(C.x + 15, C.y + 330))
        steamLayer.update(to: time)
    }
}
