import Motion
import Stage

/// The scene playing inside one gallery card (the hovered or keyboard-selected one): a scene host of its own, muted,
/// laid out at the scene's reference size and drawn scaled into the card's picture box. Only one plays at a time,
/// so a gallery with nothing hovered draws nothing and sleeps.
final class CardPlayer: Node {
    private(set) var host: SceneHost?
    private(set) var sceneID: String?
    /// Gallery time at which the card's scene started (its clock's zero).
    private var start = 0.0
    /// Where the grid clips its content (root space); restored after the card's scene drew with its own clip.
    var clip = Rect.zero
    private let painter = Painter()

    init() { super.init(name: nil) }

    /// Starts `entry` in the card whose picture box is `box`, at gallery time `time`; the one playing stops.
    func play(_ entry: SceneEntry, in box: Rect, at time: Double, assets: AssetResolver, measure: ((String, Font) -> Size)?) {
        stop()
        let ref = entry.info.referenceSize
        // Silent: a card shows the scene; its sounds are for when it is opened.
        let host = SceneHost(entry: entry, sound: SilentSoundPlayer(), windowSize: ref, assets: assets)
        if let measure { host.context.measure = measure }
        self.host = host
        sceneID = entry.info.id
        start = time
        place(in: box)
        host.start()
    }

    /// Moves the picture with its card (scrolling).
    func place(in box: Rect) {
        guard let host else { return }
        let ref = host.info.referenceSize
        frame = box.aspectFit(ref)
        // A fixed canvas's bars are black in a window; a responsive scene's background is white.
        content = .shape(.rect, fill: host.info.mapping == .fixedCanvas ? .black : .white, stroke: nil)
        isHidden = false
    }

    func stop() {
        host?.stop()
        host = nil
        sceneID = nil
        content = .none
        isHidden = true
    }

    /// Runs the card's scene up to gallery time `time` and lays it out.
    func advance(to time: Double) {
        guard let host else { return }
        host.advance(to: max(host.clock.now, time - start))
        host.layout()
    }

    /// Gallery time of the card's scene's next change (nil: not until input).
    func nextChange() -> Double? { host?.nextChange().map { start + $0 } }

    override func drawCustom(transform: Homography, opacity: Double, renderer: Renderer) {
        guard let host, frame.width > 0, frame.height > 0 else { return }
        let ref = host.info.referenceSize
        let s = frame.width / ref.width
        let base = transform * Homography(Affine(a: s, b: 0, c: 0, d: s, tx: frame.minX, ty: frame.minY))
        let box = Painter.bounds(of: frame, under: transform)
        painter.draw(host.scene.root, on: renderer, time: host.clock.now, base: base, clip: box.intersection(clip))
        // The painter lifts its clip when done; the rest of the grid is still clipped to the grid.
        renderer.setClip(clip)
    }
}
