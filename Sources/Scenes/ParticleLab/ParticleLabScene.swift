import Diagnostics
import Foundation
import Logging
import Particles
import Stage

/// The particle lab: pick a shipped effect (or drop a file on the window), change every field the book explains
/// while it runs, edit the colour, alpha and scale ramps with keyframes (`LabRampEditor`), pick the texture from the
/// images the asset folders offer (or none: plain quads), and save the result as JSON that `--emitter` opens again.
public final class ParticleLabScene: Scene {
    public static let info = SceneInfo(id: "particle-lab", chapter: "Chapter 15", title: "Particle Lab",
                                       referenceSize: Size(1100, 800), mapping: .responsive)
    public let root = Node(name: "root")
    private let preview = Node(name: "preview", content: .shape(.rect, fill: Color(hex: 0x14141C), stroke: nil))
    let layer = ParticleLayer(name: "lab-layer", sceneSize: Vector2(720, 800))
    private let dragArea = DragArea(name: "drag")
    private let panel = Node(name: "panel", content: .shape(.rect, fill: .groupedBackground, stroke: nil))
    private let title = Node(name: "title", content: .text("Particle Lab", Font(size: 22, weight: .bold), .black))
    let effectPicker: Picker
    let blendPicker = Picker(name: "blendMode", options: ParticleBlendMode.allCases.map { "\($0)" })
    /// "none" (plain quads), then the image names of the asset folders, particle textures first.
    let texturePicker: Picker
    private let textureLabel = Node(name: "label:Texture", content: .text("Texture", Font(size: 12), .black))
    private let textureThumbBackground = Node(content: .shape(.roundedRect(cornerRadius: 5), fill: Color(hex: 0x14141C), stroke: nil))
    let textureThumb = Node(name: "textureThumb", content: .none)
    /// Set when the lab gave a plain-quad effect a particle size (the texture's), taken back when a texture is picked.
    private var sizedForPlainQuads = false
    private(set) var ramp: LabRampEditor!
    let sliders: [Slider]
    private let labels: [Node]
    private let values: [Node]
    private let focusRing = Node(name: "focus", content: .shape(.roundedRect(cornerRadius: 6), fill: nil, stroke: Stroke(.blue, width: 2)))
    let saveButton: Button
    private let saveLabel = Node(content: .text("Save as JSON", Font(size: 14, weight: .semibold), .white))
    private let status = Node(name: "status", content: .none)

    private let context: SceneContext
    private(set) var emitter: EmitterNode
    /// Effect names from the asset folders, plus files the user opened.
    private var effects: [(name: String, config: EmitterConfig)] = []
    private var dragged: Point?
    /// Index into `focusables` of the widget the keyboard drives.
    private var focus = 0
    private(set) var statusText = "Drag the preview to move the emitter · Tab: next control"
    /// Where saved effects go: $XDG_DATA_HOME/zoetrope/effects (~/.local/share/zoetrope/effects).
    var saveFolder: URL = {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        return base.appendingPathComponent("zoetrope/effects")
    }()

    public init(context: SceneContext) {
        self.context = context
        for name in context.assets.effectNames { effects.append((name, Effects.load(name, context))) }
        if effects.isEmpty { effects.append(("Empty", EmitterConfig())) }
        let start = effects.firstIndex { $0.name == "Fire" } ?? 0
        effectPicker = Picker(name: "effect", options: effects.map(\.name), selected: start)
        texturePicker = Picker(name: "texture", options: ["none"] + ParticleLabScene.textureNames(context.assets))
        texturePicker.font = Font(size: 13)
        emitter = EmitterNode(name: "emitter", config: effects[start].config, seed: context.seed)
        layer.add(emitter)
        sliders = LabField.all.map { Slider(name: "slider:\($0.label)", range: $0.range, value: 0) }
        labels = LabField.all.map { Node(name: "label:\($0.label)", content: .text($0.label, Font(size: 12), .black)) }
        values = LabField.all.map { _ in Node(content: .none) }
        saveButton = Button(name: "save", action: {})
        saveButton.add([Node(content: .shape(.roundedRect(cornerRadius: 8), fill: .blue, stroke: nil)), saveLabel])
        saveButton.action = { [unowned self] in save() }
        ramp = LabRampEditor(read: { [unowned self] in emitter.config }, write: { [unowned self] in emitter.config = $0 })
        labels.forEach { $0.textAlignment = .leading }
        textureLabel.textAlignment = .leading
        values.forEach { $0.textAlignment = .trailing }
        title.textAlignment = .leading
        status.textAlignment = .leading

        for (i, slider) in sliders.enumerated() {
            slider.onChange = { [unowned self] v in
                var config = emitter.config
                LabField.all[i].apply(v, to: &config)
                emitter.config = config
                focus = focusables.firstIndex { $0 === slider } ?? focus
            }
        }
        effectPicker.onChange = { [unowned self] i in select(effect: i) }
        blendPicker.onChange = { [unowned self] i in
            emitter.config.particleBlendMode = ParticleBlendMode.allCases[i]
        }
        texturePicker.onChange = { [unowned self] i in pick(texture: i == 0 ? nil : texturePicker.options[i]) }
        dragArea.onPress = { [unowned self] p in dragged = p }
        dragArea.onMove = { [unowned self] p in dragged = p }
        root.add([preview, layer, dragArea, panel, title, effectPicker, blendPicker])
        root.add([textureLabel, texturePicker, textureThumbBackground, textureThumb])
        root.add(labels + sliders + values)
        root.add(ramp.nodes)
        root.add([focusRing, saveButton, status])
        syncControls()
    }

    /// Keyboard order: effect, blend mode, texture, the sliders, the ramp editor, save.
    private var focusables: [Node] { [effectPicker, blendPicker, texturePicker] + sliders + ramp.focusables + [saveButton] }

    /// The image names of the asset folders: the particle textures (images in a `particles` folder) first.
    static func textureNames(_ assets: AssetResolver) -> [String] {
        let names = assets.imageNames
        let particles = names.filter { assets.imageURL(named: $0)?.deletingLastPathComponent().lastPathComponent == "particles" }
        return particles + names.filter { !particles.contains($0) }
    }

    /// Draws the particles with image `name`, or as plain quads (nil); the running particles change at once. Plain
    /// quads of an effect without a particle size get the texture's size, so the effect keeps its scale.
    func pick(texture name: String?) {
        var config = emitter.config
        if let name {
            config.particleTexture = name
            if sizedForPlainQuads { config.particleSize = .zero; sizedForPlainQuads = false }
        } else {
            config.particleTexture = nil
            if config.particleSize == .zero {
                config.particleSize = emitter.textureSize ?? Vector2(16, 16)
                sizedForPlainQuads = true
            }
        }
        emitter.config = config
        emitter.textureSize = nil
        syncControls()
    }

    private func select(effect i: Int) {
        let config = effects[i].config
        layer.remove(emitter)
        let fresh = EmitterNode(name: "emitter", config: config, seed: context.seed)
        fresh.position = emitter.position
        emitter = fresh
        layer.add(emitter)
        sizedForPlainQuads = false
        syncControls()
    }

    private func syncControls() {
        let config = emitter.config
        let texture = config.particleTexture.map { name -> Int in
            if let i = texturePicker.options.firstIndex(of: name) { return i }
            texturePicker.setOptions(texturePicker.options + [name], selected: texturePicker.selectedIndex)
            return texturePicker.options.count - 1
        } ?? 0
        if texture != texturePicker.selectedIndex { texturePicker.setOptions(texturePicker.options, selected: texture) }
        ramp?.sync()
        for (i, field) in LabField.all.enumerated() { sliders[i].setValue(field.sliderValue(config)) }
        if let b = ParticleBlendMode.allCases.firstIndex(of: config.particleBlendMode), b != blendPicker.selectedIndex {
            blendPicker.setOptions(blendPicker.options, selected: b)
        }
    }

    /// Opens an effect the user dropped on the window (it joins the effect picker).
    public func open(_ config: EmitterConfig, name: String) {
        effects.append((name, config))
        effectPicker.setOptions(effects.map(\.name), selected: effects.count - 1)
        select(effect: effects.count - 1)
    }

    /// Writes the running effect to the save folder as `<effect>-lab.json`.
    func save() {
        let name = (effectPicker.selectedOption ?? "Effect").replacingOccurrences(of: "/", with: "-")
        let url = saveFolder.appendingPathComponent("\(name)-lab.json")
        do {
            try PosixFile.writeAtomically(EffectJSON.encode(emitter.config), to: url.path)
            statusText = "Saved \(url.path)"
        } catch {
            statusText = "Could not save \(url.path): \(error)"
            context.log.warning("\(statusText)")
        }
    }

    public func key(_ key: Key) -> Bool {
        if key.name == "tab" {
            focus = (focus + (key.shift ? focusables.count - 1 : 1)) % focusables.count
            return true
        }
        // Delete (or Backspace) removes the selected ramp key.
        if (key.name == "delete" || key.name == "backspace") && !key.ctrl {
            ramp.deleteSelected()
            return true
        }
        focus = min(focus, focusables.count - 1)
        switch focusables[focus] {
        case let picker as Picker: return picker.handle(key)
        case let slider as Slider: return slider.handle(key)
        case let button as Button where key.name == "return" || key.name == "space": button.action(); return true
        default: return false
        }
    }

    public func layout(size: Size, time: Double) {
        let W = size.width, H = size.height
        let config = emitter.config
        let panelWidth = min(380, W / 2), previewWidth = W - panelWidth
        let rampHeight = min(150, H / 3), previewHeight = H - rampHeight
        root.frame = Rect(origin: .zero, size: size)
        let previewRect = Rect(x: 0, y: 0, width: previewWidth, height: previewHeight)
        preview.frame = previewRect
        dragArea.frame = previewRect
        layer.frame = previewRect
        layer.sceneSize = Vector2(max(1, previewWidth), max(1, previewHeight))
        let p = dragged ?? Point(previewWidth / 2, previewHeight * 0.6)
        emitter.position = Vector2(p.x, previewHeight - p.y)
        ramp.layout(in: Rect(x: 0, y: previewHeight, width: previewWidth, height: rampHeight))

        let x = previewWidth + 16, w = panelWidth - 32
        panel.frame = Rect(x: previewWidth, y: 0, width: panelWidth, height: H)
        title.frame = Rect(x: x, y: 10, width: w, height: 30)
        effectPicker.frame = Rect(x: x, y: 46, width: w / 2 - 4, height: 28)
        blendPicker.frame = Rect(x: x + w / 2 + 4, y: 46, width: w / 2 - 4, height: 28)
        textureLabel.frame = Rect(x: x, y: 82, width: 60, height: 28)
        texturePicker.frame = Rect(x: x + 62, y: 82, width: w - 62 - 36, height: 28)
        textureThumbBackground.frame = Rect(x: x + w - 28, y: 82, width: 28, height: 28)
        textureThumb.frame = textureThumbBackground.frame.insetBy(dx: 3, dy: 3)
        textureThumb.content = config.particleTexture.map { .image($0, .aspectFit) }
            ?? .shape(.rect, fill: .white, stroke: nil)
        texturePicker.layout()
        let top = 120.0, bottom = H - 74
        let rowHeight = min(30, max(16, (bottom - top) / Double(sliders.count)))
        for (i, slider) in sliders.enumerated() {
            let y = top + Double(i) * rowHeight
            labels[i].frame = Rect(x: x, y: y, width: 120, height: rowHeight)
            slider.frame = Rect(x: x + 122, y: y + (rowHeight - 20) / 2, width: w - 122 - 58, height: 20)
            values[i].frame = Rect(x: x + w - 56, y: y, width: 56, height: rowHeight)
            values[i].content = .text(LabField.all[i].text(config), Font(size: 12), .secondaryLabel)
            slider.layout()
        }
        saveButton.frame = Rect(x: x, y: H - 66, width: 140, height: 32)
        saveButton.children.forEach { $0.frame = saveButton.frame }
        status.frame = Rect(x: x, y: H - 30, width: w, height: 22)
        status.content = .text(statusText, Font(size: 11), .secondaryLabel)
        effectPicker.layout()
        blendPicker.layout()
        let focused = focusables[min(focus, focusables.count - 1)]
        focusRing.frame = focused.frame.insetBy(dx: -3, dy: -3)
        layer.update(to: time)
    }
}
