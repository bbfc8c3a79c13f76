import Foundation
import Scenes
import Stage

/// "Show the code": a side panel with the running scene's own Swift source, scrolled to the view that was last
/// clicked. `c` opens and closes it (Esc closes it too); the mouse wheel, PgUp and PgDn scroll it; a scene with
/// several files gets a tab strip (click a tab, or Ctrl+PgUp / Ctrl+PgDn). The scene is laid out beside it, in the
/// rest of the window. Monospaced DejaVu Sans Mono 13 pt with line numbers and light colouring (`SwiftTokenizer`).
///
/// A click in the scene while the panel is open moves it to the clicked view's code. The harness reads it as
/// `probe codePanel`: `text` is the file shown, `values.line` the declaration line of the clicked (or root) type.
public final class CodePanel {
    public static let probeName = "codePanel"
    public private(set) var isOpen = false
    /// The panel's width when the window made room for it (the window grows by this much); nil: 45 % of the content.
    public var preferredWidth: Double?
    /// Where the sources are read from; nil: found like `Resources` (`CodePanelSources.sourcesRoot`).
    public var sourcesRoot: URL?
    /// A project's folder (`zoetrope run DIR`): its own files are the code shown.
    public var projectFolder: URL?
    /// Called when the panel opens or closes (the window makes room, or gives it back).
    public var onToggle: (Bool) -> Void = { _ in }

    /// The files shown, the one selected, and what could not be read.
    private(set) var files: [CodePanelSources.File] = []
    public private(set) var selected = 0
    public private(set) var message: String?
    /// First visible line (1-based).
    public private(set) var topLine = 1
    /// The declaration line of the clicked (or the scene's root) type, in `highlightFile`.
    public private(set) var highlightLine: Int?
    /// The line of the clicked element's `.named("…")`, when the view names it.
    public private(set) var elementLine: Int?
    private var highlightFile: Int?
    /// The type (and element name) of the last press in the scene.
    private(set) var lastClick: (type: String, element: String?)?
    private var tokenized: [Int: [[SwiftTokenizer.Run]]] = [:]
    private var sources: CodePanelSources?
    private var rect = Rect.zero
    private var pressedInside = false

    public init() {}

    // MARK: Geometry

    static let font = Font(size: 13, design: .monospaced, lineHeight: 17)
    static let tabFont = Font(size: 12, design: .monospaced)
    static let titleFont = Font(size: 12)
    /// DejaVu Sans Mono's advance: 1233/2048 em.
    static let advance = 13 * 1233.0 / 2048
    static let titleHeight = 26.0
    static let tabHeight = 26.0

    /// The panel's width in a content area `size` wide.
    public func width(in size: Size) -> Double {
        guard isOpen else { return 0 }
        let w = preferredWidth ?? (size.width * 0.45).rounded()
        return max(0, min(w, size.width - 80))
    }

    /// The part of the content area the scene lays out in (the left part while the panel is open).
    public func sceneSize(in size: Size) -> Size { Size(max(1, size.width - width(in: size)), size.height) }

    private func layout(_ size: Size) {
        let w = width(in: size)
        rect = Rect(x: size.width - w, y: 0, width: w, height: size.height)
    }

    private var codeTop: Double { rect.minY + Self.titleHeight + (files.count > 1 ? Self.tabHeight : 0) }
    private var visibleLines: Int { max(1, Int((rect.maxY - codeTop - 4) / Self.font.lineHeight)) }
    private var lineCount: Int { files.indices.contains(selected) ? files[selected].lines.count : 0 }

    /// Tab rects, left to right, each as wide as its name.
    private var tabRects: [Rect] {
        var x = rect.minX + 4
        return files.map { f in
            let name = (f.path as NSString).lastPathComponent
            let w = Double(name.count) * 12 * 0.602 + 20
            defer { x += w + 2 }
            return Rect(x: x, y: rect.minY + Self.titleHeight, width: w, height: Self.tabHeight)
        }
    }

    private var closeRect: Rect { Rect(x: rect.maxX - 26, y: rect.minY, width: 26, height: Self.titleHeight) }

    // MARK: Opening

    /// Opens the panel on `host`'s scene (`registry`: the `#filePath` that registered it).
    func open(host: SceneHost, registry: String?, size: Size) {
        isOpen = true
        layout(size)
        load(host: host, registry: registry)
        onToggle(true)
    }

    func close() {
        guard isOpen else { return }
        isOpen = false
        onToggle(false)
    }

    private func load(host: SceneHost, registry: String?) {
        files = []; tokenized = [:]; selected = 0; topLine = 1; highlightLine = nil; elementLine = nil; highlightFile = nil
        message = nil
        var sources: CodePanelSources
        if let projectFolder {
            sources = CodePanelSources(project: projectFolder)
        } else {
            guard let root = sourcesRoot ?? CodePanelSources.sourcesRoot(compiledFrom: registry) else {
                message = "The source of this scene is not here: the player reads it from its checkout's Sources/Scenes "
                    + "(next to the executable, or where ZOETROPE_SOURCES points)."
                return
            }
            sources = CodePanelSources(root: root)
        }
        let rootType = CodePanelTarget.rootType(of: host)
        files = sources.files(rootType: rootType ?? "", registry: registry)
        self.sources = sources
        if files.isEmpty {
            message = "The source of \(host.info.title) is not in \(sources.scenesFolder.path)."
            return
        }
        if let click = lastClick { show(click) } else if let rootType { show((rootType, nil)) }
    }

    /// Selects the file that declares `click.type` (adding it as a tab when it lives elsewhere) and scrolls to it.
    private func show(_ click: (type: String, element: String?)) {
        var index = files.firstIndex { CodePanelSources.declarationLine(of: click.type, in: $0.text) != nil }
        if index == nil, var sources, let url = sources.file(declaring: click.type, preferring: nil),
           let file = sources.load(url) {
            files.append(file)
            self.sources = sources
            index = files.count - 1
        }
        guard let index, let line = CodePanelSources.declarationLine(of: click.type, in: files[index].text) else { return }
        selected = index
        highlightFile = index
        highlightLine = line
        elementLine = click.element.flatMap { name in elementLine(named: name, in: files[index].text, after: line) }
        // The declaration a few lines from the top; the named element in view too when it is further down.
        topLine = max(1, line - 3)
        if let e = elementLine, e >= topLine + visibleLines - 2 { topLine = max(1, e - visibleLines / 3) }
        clampScroll()
    }

    /// The line of `.named("name")` at or after the declaration line.
    private func elementLine(named name: String, in text: String, after line: Int) -> Int? {
        let needle = ".named(\"\(name)\")"
        for (i, l) in text.components(separatedBy: "\n").enumerated() where i + 1 >= line && l.contains(needle) { return i + 1 }
        return nil
    }

    private func clampScroll() {
        topLine = max(1, min(topLine, max(1, lineCount - visibleLines + 1)))
    }

    // MARK: Input

    /// A press in the scene (window coordinates, before the scene gets it): remembers what it landed on and, while
    /// open, shows its code.
    func scenePressed(at point: Point, host: SceneHost, size: Size) {
        layout(size)
        guard let click = CodePanelTarget.clicked(in: host, at: point) else { return }
        lastClick = click
        if isOpen && message == nil { show(click) }
    }

    /// Pointer input; true when the panel used it (a press on the panel and what follows it).
    func pointer(_ event: PointerEvent, size: Size) -> Bool {
        guard isOpen else { return false }
        layout(size)
        switch event {
        case let .press(p):
            guard rect.contains(p) else { pressedInside = false; return false }
            pressedInside = true
            if closeRect.contains(p) { close(); return true }
            if let i = tabRects.firstIndex(where: { $0.contains(p) }) { select(tab: i) }
            return true
        case .move, .release, .cancel:
            let used = pressedInside
            if case .release = event { pressedInside = false }
            if case .cancel = event { pressedInside = false }
            return used
        case let .wheel(p, lines):
            guard rect.contains(p) else { return false }
            scroll(by: Int((lines * 3).rounded()))
            return true
        }
    }

    /// Keys while open: Esc closes, PgUp/PgDn scroll, Ctrl+PgUp/PgDn change file. (`c` is the session's, after the
    /// scene: a focused text field types it.)
    func key(_ key: Key, size: Size) -> Bool {
        guard isOpen else { return false }
        layout(size)
        switch (key.name, key.ctrl) {
        case ("escape", false): close()
        case ("pageup", false): scroll(by: -(visibleLines - 2))
        case ("pagedown", false): scroll(by: visibleLines - 2)
        case ("pageup", true): select(tab: selected - 1)
        case ("pagedown", true): select(tab: selected + 1)
        default: return false
        }
        return true
    }

    private func scroll(by lines: Int) {
        topLine += lines
        clampScroll()
    }

    private func select(tab i: Int) {
        guard !files.isEmpty else { return }
        let i = (i + files.count) % files.count
        guard i != selected else { return }
        selected = i
        topLine = highlightFile == i ? max(1, (highlightLine ?? 1) - 3) : 1
        clampScroll()
    }

    // MARK: Probe

    /// `probe codePanel`: the file shown as `text` (or the message), the clicked type's line as `line`.
    func report(size: Size) -> ProbeReport {
        layout(size)
        let file = files.indices.contains(selected) ? files[selected].path : nil
        func n(_ x: Int?) -> ProbeValue { .state(.number(Double(x ?? 0))) }
        return ProbeReport(name: Self.probeName, frame: rect, drawn: rect, text: file ?? message ?? "", hidden: !isOpen,
                           values: [("line", n(highlightFile == selected ? highlightLine : nil)),
                                    ("elementLine", n(highlightFile == selected ? elementLine : nil)),
                                    ("topLine", n(topLine)), ("tab", n(selected)), ("files", n(files.count)),
                                    ("state.type", .state(.string(lastClick?.type ?? "")))])
    }

    /// Paths of the files the panel has (tests).
    public var filePaths: [String] { files.map(\.path) }

    // MARK: Drawing

    private static let background: Color = .white
    private static let colors: [SwiftTokenizer.Kind: Color] = [
        .plain: Color(hex: 0x262626), .keyword: Color(hex: 0x9B2393), .string: Color(hex: 0xC41A16),
        .comment: Color(hex: 0x5D6C79), .number: Color(hex: 0x1C00CF), .attribute: Color(hex: 0x815F03),
        .type: Color(hex: 0x0B4F79),
    ]

    func draw(on r: Renderer, size: Size) {
        guard isOpen else { return }
        layout(size)
        r.fillRect(rect, Self.background.rgba8)
        r.fillRect(Rect(x: rect.minX, y: rect.minY, width: 1, height: rect.height), Color(hex: 0xB0B0B8).rgba8)
        // Title: the file's path, and a close box.
        r.fillRect(Rect(x: rect.minX + 1, y: rect.minY, width: rect.width - 1, height: Self.titleHeight), Color(hex: 0xECECEE).rgba8)
        let title = files.indices.contains(selected) ? files[selected].path : "Source"
        r.drawText(title, font: Self.titleFont, at: Point(rect.minX + 10, rect.minY + 5), Color(hex: 0x444448).rgba8)
        r.drawText("×", font: Font(size: 16, weight: .bold), at: Point(closeRect.minX + 8, closeRect.minY + 2),
                   Color(hex: 0x666670).rgba8)
        if files.count > 1 {
            r.fillRect(Rect(x: rect.minX + 1, y: rect.minY + Self.titleHeight, width: rect.width - 1, height: Self.tabHeight),
                       Color(hex: 0xDCDCE0).rgba8)
            for (i, t) in tabRects.enumerated() where t.minX < rect.maxX {
                r.fillRect(t.insetBy(dx: 0, dy: 2), (i == selected ? .white : Color(hex: 0xE9E9EC)).rgba8)
                let name = (files[i].path as NSString).lastPathComponent
                r.drawText(name, font: Self.tabFont, at: Point(t.minX + 10, t.minY + 5),
                           (i == selected ? .black : Color(hex: 0x55555A)).rgba8)
            }
        }
        guard files.indices.contains(selected) else {
            if let message { wrapped(message, on: r) }
            return
        }
        let lines = tokenizedLines(selected)
        // The font's own advance (hinting rounds it to whole pixels), so runs sit exactly on their columns.
        let sample = r.measure(String(repeating: "0", count: 32), font: Self.font).width / 32
        let advance = sample > 0 ? sample : Self.advance
        let digits = max(3, String(lines.count).count)
        let gutter = Double(digits) * advance + 16
        r.fillRect(Rect(x: rect.minX + 1, y: codeTop, width: gutter, height: rect.maxY - codeTop), Color(hex: 0xF5F5F7).rgba8)
        let lh = Self.font.lineHeight
        for row in 0...visibleLines {
            let number = topLine + row
            guard number <= lines.count else { break }
            let y = codeTop + 2 + Double(row) * lh
            if highlightFile == selected, number == highlightLine || number == elementLine {
                r.fillRect(Rect(x: rect.minX + 1, y: y, width: rect.width - 1, height: lh),
                           (number == highlightLine ? Color(hex: 0xFFF1A8) : Color(hex: 0xDDEBFF)).rgba8)
            }
            let label = String(number)
            r.drawText(label, font: Self.font, at: Point(rect.minX + 1 + gutter - 8 - Double(label.count) * advance, y),
                       Color(hex: 0xA0A0A8).rgba8)
            let x0 = rect.minX + 1 + gutter + 6
            for run in lines[number - 1] where !run.text.allSatisfy({ $0 == " " }) {
                let x = x0 + Double(run.start) * advance
                guard x < rect.maxX else { break }
                r.drawText(run.text, font: Self.font, at: Point(x, y), (Self.colors[run.kind] ?? Color.black).rgba8)
            }
        }
    }

    private func tokenizedLines(_ i: Int) -> [[SwiftTokenizer.Run]] {
        if let t = tokenized[i] { return t }
        let t = SwiftTokenizer.lines(of: files[i].text)
        tokenized[i] = t
        return t
    }

    /// The message, wrapped at words to the panel's width.
    private func wrapped(_ message: String, on r: Renderer) {
        let font = Font(size: 14)
        var lines: [String] = [], line = ""
        for word in message.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if r.measure(candidate, font: font).width > rect.width - 32, !line.isEmpty { lines.append(line); line = String(word) } else { line = candidate }
        }
        if !line.isEmpty { lines.append(line) }
        for (i, l) in lines.enumerated() {
            r.drawText(l, font: font, at: Point(rect.minX + 16, codeTop + 16 + Double(i) * 20), Color(hex: 0x8A1C1C).rgba8)
        }
    }

}
