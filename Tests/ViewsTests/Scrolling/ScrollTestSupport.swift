import Backend
import Foundation
import Stage
@testable import Views
import XCTest

/// Twenty rows "Row 1"…"Row 20" (or `items`) in the find-words list box: 285×190, radius 10 (spec 04 §2.2 row 6).
/// In a TestScene (10 pt per character, body line 22 → rows 44 tall) at 390×844 the box is at (53, 327): the root
/// centres it at whole points. 20 rows are 880 tall, so it scrolls 690.
@MainActor
final class RowModel: ObservableObject {
    @Published var items: [String] = (1...20).map { "Row \($0)" }
    var tapped: [String] = []
}

@MainActor
struct WordListBox: View {
    @ObservedObject var model: RowModel
    var buttons = false
    var style: ListStyleKind = .plain
    var body: some View {
        let list = List {
            ForEach(model.items, id: \.self) { item in
                if buttons {
                    Button(item) { model.tapped.append(item) }
                } else {
                    Text(item)
                }
            }
        }
        if style == .plain {
            list.frame(width: 285, height: 190).cornerRadius(10).named("list")
        } else {
            list.listStyle(.insetGrouped).frame(width: 285, height: 190).named("list")
        }
    }
}

@MainActor
extension TestScene {
    /// The list box's frame in a 390×844 TestScene.
    static let listBox = Rect(x: 53, y: 327, width: 285, height: 190)

    /// Mouse-wheel lines over `p` (> 0: the content moves up).
    @discardableResult
    func wheel(_ lines: Double, at p: Point = Rect(x: 53, y: 327, width: 285, height: 190).center) -> Bool {
        let used = scene.root.scrolled(by: lines, at: p, time: now)
        scene.layout(size: size, time: now)
        return used
    }

    func scrollY(_ node: String = "list") -> (model: Double, presented: Double)? {
        guard case let .number(m, p)? = probe(node)?.value("scroll.y") else { return nil }
        return (m, p)
    }
}

/// A view tree in a scene host (as a window runs it), drawn by SDL's software renderer (real fonts), for pixel checks.
@MainActor
final class RenderedViews {
    let host: SceneHost
    let canvas: HeadlessCanvas

    init<V: View>(size: Size, _ content: @escaping @MainActor @Sendable () -> V) throws {
        let entry = SceneEntry.view("scroll-test", chapter: "", title: "", size: size) { content() }
        host = SceneHost(entry: entry, sound: SilentSound(), windowSize: size)
        canvas = try HeadlessCanvas(width: Int(size.width), height: Int(size.height), assets: AssetResolver(roots: []))
        host.context.measure = { [unowned canvas] in canvas.renderer.measure($0, font: $1) }
        host.start()
    }

    /// Advances the clock to `t`, then delivers the pointer events there.
    func advance(to t: Double, _ pointer: [PointerEvent] = []) {
        host.advance(to: t)
        for event in pointer { host.pointer(event) }
        host.layout()
    }

    func probe(_ name: String) -> ProbeReport? { (host.scene as? Probeable)?.probe(name, at: host.clock.now) }

    func capture() -> Framebuffer {
        host.draw(on: canvas.renderer)
        return canvas.renderer.readFramebuffer()
    }

    /// Saves the frame when ZOETROPE_SCROLL_SHOTS names a folder (for looking at it).
    func save(_ fb: Framebuffer, _ name: String) {
        guard let dir = ProcessInfo.processInfo.environment["ZOETROPE_SCROLL_SHOTS"] else { return }
        try? fb.savePNG(to: URL(fileURLWithPath: dir).appendingPathComponent(name))
    }
}
