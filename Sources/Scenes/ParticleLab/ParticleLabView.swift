import Particles
import Stage
import Views

/// The particle lab (chapter 15's tour of Xcode's particle editor, as a tool): the running effect on the left with
/// the ramp editor under it, the controls on the right. The ramp editor and the Save button are overlays so that Tab
/// walks the controls in the order one edits: effect, blend, texture, the fields, the ramp, then Save.
struct ParticleLabView: View {
    /// Owned here; it publishes nothing, so the whole view is not evaluated again when the lab changes.
    @StateObject var lab: ParticleLab

    init(lab: ParticleLab) { _lab = StateObject(wrappedValue: lab) }

    static let panelWidth = 440.0
    static let rampHeight = 170.0
    /// The Save button, its status line and their margins.
    static let saveBarHeight = 90.0

    var body: some View {
        GeometryReader { proxy in
            let panel = min(Self.panelWidth, proxy.size.width / 2)
            let preview = Size(max(1, proxy.size.width - panel), max(1, proxy.size.height - min(Self.rampHeight, proxy.size.height / 3)))
            let _ = lab.previewSize = preview
            HStack(spacing: 0) {
                VStack(spacing: 0) {
                    LabPreview(lab: lab).frame(width: preview.width, height: preview.height)
                    Spacer(minLength: 0)
                }
                // In a window too short for every slider (a 768-pixel screen), the panel scrolls; its end stays
                // clear of the Save bar laid over it.
                ScrollView {
                    LabPanel(lab: lab).padding(.bottom, Self.saveBarHeight)
                }
                .frame(width: panel)
                .background(Rectangle().fill(Color.groupedBackground))
            }
            .overlay(alignment: .bottomLeading) {
                LabRampView(editor: lab.ramp, ramps: lab.ramps)
                    .frame(width: preview.width, height: proxy.size.height - preview.height)
            }
            .overlay(alignment: .bottomTrailing) {
                // A footer: opaque, so the panel scrolling under it in a short window does not show through.
                LabSaveBar(lab: lab, status: lab.status).frame(width: panel - 32).padding(16)
                    .background(Rectangle().fill(Color.groupedBackground))
            }
            .overlay(alignment: .topLeading) {
                // The particles over the preview's ground, drawn last: nothing else is drawn where they are (they
                // are clipped to the preview), and a window keeps the frame's unchanging start, up to the first
                // particles, as one picture, so the panel and the ramp editor are not drawn again every frame.
                LabEmitter(lab: lab).frame(width: preview.width, height: preview.height)
            }
        }
        .onDeleteCommand { lab.ramp.deleteSelected() }
        .onOpenURL { url in _ = lab.open(url) }
    }
}

/// The dark ground the effect runs on (`LabEmitter`). A press or drag anywhere on it moves the emitter there.
struct LabPreview: View {
    let lab: ParticleLab

    var body: some View {
        Rectangle()
            .fill(Color(hex: 0x14141C))
            .gesture(DragGesture(minimumDistance: 0).onChanged { lab.drag(to: $0.location) })
            .named("drag")
    }
}

/// The running effect, over the preview's ground; presses go through it to the ground.
struct LabEmitter: View {
    let lab: ParticleLab

    var body: some View {
        ParticleHost { layer, _ in lab.attach(layer) }
            .named("emitter")
    }
}

/// Save as JSON, and the status line that says where the file went (or why it did not).
struct LabSaveBar: View {
    let lab: ParticleLab
    @ObservedObject var status: LabReading<String>

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Button(action: { lab.save() }) {
                Text("Save as JSON")
                    .font(.system(size: 14, weight: .semibold))
                    .foregroundColor(.white)
                    .padding(.horizontal, 16)
                    .frame(height: 32)
                    .background(RoundedRectangle(cornerRadius: 8).fill(Color.blue))
            }
            .named("save")
            Text(status.value)
                .font(.system(size: 11))
                .foregroundColor(.secondaryLabel)
                .frame(maxWidth: .infinity, alignment: .leading)
                .named("status")
        }
    }
}
