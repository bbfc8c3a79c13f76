import Foundation
import Motion
import Scenes
import Stage

/// The scene menu: every scene of the catalog, grouped by chapter, chosen by mouse or keyboard.
final class MenuScene: Scene {
    static let info = SceneInfo(id: "menu", chapter: "", title: "Zoetrope", referenceSize: Size(480, 640), mapping: .responsive)

    let root = Node(name: "root")
    let list = MenuList()
    private let header = Node(name: "header", content: .shape(.rect, fill: .groupedBackground, stroke: nil))
    private let title = Node(name: "title", content: .text("Zoetrope", Font(size: 28, weight: .bold), .black))
    private let subtitle = Node(name: "subtitle", content: .text("Animations from the book, on Linux", Font(size: 13), .secondaryLabel))
    private let help = Node(name: "help", content: .text("↑ ↓ or type a title · Return open · Esc back · Space pause",
                                                        Font(size: 12), .secondaryLabel))
    /// Set by the player: open a scene by id.
    var onChoose: (String) -> Void = { _ in } { didSet { list.onChoose = onChoose } }

    private let clock: Motion.Clock

    init(context: SceneContext) {
        clock = context.clock
        title.textAlignment = .leading
        subtitle.textAlignment = .leading
        list.rows = MenuScene.rows(for: SceneCatalog.all.map(\.info))
        root.add([header, title, subtitle, list, help])
    }

    static func rows(for infos: [SceneInfo]) -> [MenuList.Row] {
        var rows: [MenuList.Row] = []
        var chapter: String?
        for info in infos {
            if info.chapter != chapter { rows.append(.header(info.chapter)); chapter = info.chapter }
            rows.append(.item(id: info.id, title: info.title, detail: info.id))
        }
        return rows
    }

    func layout(size: Size, time: Double) {
        let W = size.width, H = size.height
        root.frame = Rect(x: 0, y: 0, width: W, height: H)
        header.frame = Rect(x: 0, y: 0, width: W, height: 84)
        title.frame = Rect(x: 20, y: 14, width: W - 40, height: 36)
        subtitle.frame = Rect(x: 20, y: 50, width: W - 40, height: 20)
        help.frame = Rect(x: 0, y: H - 28, width: W, height: 28)
        let listFrame = Rect(x: 0, y: 84, width: W, height: max(0, H - 84 - 28))
        if list.frame != listFrame { list.frame = listFrame }
        list.layout()
    }

    /// The menu changes only with input.
    func nextChange(after time: Double) -> Double? { nil }

    func key(_ key: Key) -> Bool { list.handle(key) || list.typeAhead(key, at: clock.now) }
}
