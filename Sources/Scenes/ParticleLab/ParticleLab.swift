import Diagnostics
import Foundation
import Logging
import Particles
import Stage
import Views

/// The particle lab's model: the effects to pick from, the running emitter and what the controls edit in it, the
/// ramp editor's state (`LabRampEditor`), the save folder and the status line. `ParticleLabView` draws it; every
/// change goes through here, so the views and the live emitter never disagree. Views do not observe the lab itself
/// (it publishes nothing): each observes the `LabReading` of what it shows, refreshed after every change
/// (`changed()`), so a change re-evaluates only the views whose reading it moved.
final class ParticleLab: ObservableObject {
    static let info = SceneInfo(id: "particle-lab", chapter: "Chapter 15", title: "Particle Lab",
                                referenceSize: Size(1100, 800), mapping: .responsive)
    /// The catalog entry: a view scene around one lab, which also takes the effect files the user opens.
    static let entry = SceneEntry(info: info, file: #filePath) { context in
        let lab = ParticleLab(context: context)
        return ViewScene(context: context) { ParticleLabView(lab: lab) }
    }

    let context: SceneContext
    /// Effect names from the asset folders, plus files the user opened.
    private(set) var effects: [(name: String, config: EmitterConfig)] = []
    private(set) var effectIndex: Int { didSet { changed() } }
    /// "none" (plain quads), then the image names of the asset folders, particle textures first.
    private(set) var textureNames: [String] { didSet { changed() } }
    private(set) var statusText = "Drag the preview to move the emitter · Tab: next control" { didSet { changed() } }
    /// Where the user last pressed or dragged in the preview (nil: the default spot). No view draws it.
    var dragged: Point?
    private(set) var emitter: EmitterNode
    private weak var layer: ParticleLayer?
    /// Set when the lab gave a plain-quad effect a particle size (the texture's), taken back when a texture is picked.
    private var sizedForPlainQuads = false
    private(set) var ramp: LabRampEditor!
    /// Where saved effects go: $XDG_DATA_HOME/zoetrope/effects (~/.local/share/zoetrope/effects).
    var saveFolder: URL = {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        return base.appendingPathComponent("zoetrope/effects")
    }()
    /// The preview's size in points: the emitter's default spot and the drag are measured in it (set by the view as
    /// it lays out; the particle layer's space is the same size, y up).
    var previewSize = Size(1, 1) { didSet { placeEmitter() } }

    init(context: SceneContext) {
        self.context = context
        for name in context.assets.effectNames { effects.append((name, Effects.load(name, context))) }
        if effects.isEmpty { effects.append(("Empty", EmitterConfig())) }
        let start = effects.firstIndex { $0.name == "Fire" } ?? 0
        effectIndex = start
        textureNames = ["none"] + ParticleLab.textureNames(context.assets)
        emitter = EmitterNode(name: "emitter", config: effects[start].config, seed: context.seed)
        ramp = LabRampEditor(read: { [unowned self] in config }, write: { [unowned self] in config = $0 })
        listTexture(of: config)
    }

    /// The running emitter's settings; setting them changes the live particles at once.
    var config: EmitterConfig {
        get { emitter.config }
        set { emitter.config = newValue; changed() }
    }

    // MARK: What the views observe

    /// The pickers' lists and choices and the texture thumbnail (`LabPanel`).
    private(set) lazy var panel = LabReading { [unowned self] in LabPanelState(self) }
    /// The three ramps as the emitter has them (`LabRampView`: other controls change them too).
    private(set) lazy var ramps = LabReading { [unowned self] in RampTarget.allCases.map { LabRamp.read(config, $0) } }
    private(set) lazy var status = LabReading { [unowned self] in statusText }
    /// Each field's slider value, by label (`LabFieldRow`), made when its row first asks.
    private var fieldValues: [String: LabReading<Double>] = [:]

    func reading(of field: LabField) -> LabReading<Double> {
        if let r = fieldValues[field.label] { return r }
        let r = LabReading { [unowned self] in value(field) }
        fieldValues[field.label] = r
        return r
    }

    /// Called after every change of the emitter or of what the lab lists: each reading tells its views if it moved.
    private func changed() {
        guard ramp != nil else { return }   // still in init: no view reads the lab yet
        panel.refresh()
        ramps.refresh()
        status.refresh()
        for r in fieldValues.values { r.refresh() }
    }

    var effectNames: [String] { effects.map(\.name) }
    var effectName: String { effects[effectIndex].name }
    /// The texture picker's choice: 0 ("none") or the index of the config's texture.
    var textureIndex: Int { config.particleTexture.flatMap { textureNames.firstIndex(of: $0) } ?? 0 }

    /// The image names of the asset folders: the particle textures (images in a `particles` folder) first.
    static func textureNames(_ assets: AssetResolver) -> [String] {
        let names = assets.imageNames
        let particles = names.filter { assets.imageURL(named: $0)?.deletingLastPathComponent().lastPathComponent == "particles" }
        return particles + names.filter { !particles.contains($0) }
    }

    /// The particle host's layer, once it is laid out: the emitter runs in it from then on.
    func attach(_ layer: ParticleLayer) {
        self.layer = layer
        layer.add(emitter)
        placeEmitter()
    }

    /// The emitter sits where the user dragged, else at the middle, 60 % down (scene space is y up).
    private func placeEmitter() {
        let p = dragged ?? Point(previewSize.width / 2, previewSize.height * 0.6)
        emitter.position = Vector2(p.x, previewSize.height - p.y)
    }

    /// A press or drag in the preview (its own coordinates) moves the emitter there.
    func drag(to p: Point) {
        dragged = p
        placeEmitter()
    }

    func select(effect i: Int) {
        guard effects.indices.contains(i) else { return }
        let fresh = EmitterNode(name: "emitter", config: effects[i].config, seed: context.seed)
        fresh.position = emitter.position
        layer?.remove(emitter)
        emitter = fresh
        layer?.add(emitter)
        sizedForPlainQuads = false
        effectIndex = i
        listTexture(of: config)
        ramp.sync()
    }

    func set(blendMode: ParticleBlendMode) { config.particleBlendMode = blendMode }

    /// A texture an effect names that the asset folders lack still shows in the picker.
    private func listTexture(of config: EmitterConfig) {
        if let name = config.particleTexture, !textureNames.contains(name) { textureNames.append(name) }
    }

    /// Draws the particles with texture `i` of the picker, or as plain quads (0, "none"); the running particles
    /// change at once. Plain quads of an effect without a particle size get the texture's size, so the effect keeps
    /// its scale.
    func pick(texture i: Int) {
        guard textureNames.indices.contains(i) else { return }
        var c = config
        if i > 0 {
            c.particleTexture = textureNames[i]
            if sizedForPlainQuads { c.particleSize = .zero; sizedForPlainQuads = false }
        } else {
            c.particleTexture = nil
            if c.particleSize == .zero {
                c.particleSize = emitter.textureSize ?? Vector2(16, 16)
                sizedForPlainQuads = true
            }
        }
        config = c
        emitter.textureSize = nil
    }

    /// The slider value of a field, and setting it.
    func value(_ field: LabField) -> Double { field.sliderValue(config) }
    func set(_ field: LabField, to v: Double) {
        var c = config
        field.apply(v, to: &c)
        config = c
    }

    /// Opens an effect the user dropped on the window (it joins the effect picker).
    func open(_ config: EmitterConfig, name: String) {
        effects.append((name, config))
        select(effect: effects.count - 1)
    }

    /// Opens a dropped or opened effect file (the player has checked it can be read); false when it cannot.
    func open(_ url: URL) -> Bool {
        guard let first = try? ParticleFile.load(url).emitters.first else { return false }
        open(first.config, name: url.deletingPathExtension().lastPathComponent)
        return true
    }

    /// Writes the running effect to the save folder as `<effect>-lab.json`.
    func save() {
        let name = effectName.replacingOccurrences(of: "/", with: "-")
        let url = saveFolder.appendingPathComponent("\(name)-lab.json")
        do {
            try PosixFile.writeAtomically(EffectJSON.encode(config), to: url.path)
            statusText = "Saved \(url.path)"
        } catch {
            statusText = "Could not save \(url.path): \(error)"
            context.log.warning("\(statusText)")
        }
    }
}
