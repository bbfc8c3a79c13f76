import Particles
import Stage
import Views

/// The lab's controls: the effect, blend mode and texture pickers, then every `LabField` as a labelled slider in two
/// columns (22 sliders at the iOS slider's 28-pt height do not fit one column of an 800-pt window). It observes
/// only the pickers' reading: each row observes its own field.
struct LabPanel: View {
    let lab: ParticleLab
    @ObservedObject var panel: LabReading<LabPanelState>

    init(lab: ParticleLab) {
        self.lab = lab
        _panel = ObservedObject(wrappedValue: lab.panel)
    }

    var body: some View {
        let state = panel.value
        return VStack(alignment: .leading, spacing: 10) {
            Text("Particle Lab").font(.system(size: 22, weight: .bold)).named("title")
            HStack(spacing: 16) {
                HStack(spacing: 8) {
                    caption("Effect")
                    Picker("Effect", selection: Binding(get: { state.effectIndex }, set: { lab.select(effect: $0) })) {
                        ForEach(0..<state.effectNames.count) { i in Text(state.effectNames[i]).tag(i) }
                    }
                    .named("effect")
                    Spacer(minLength: 0)
                }
                HStack(spacing: 8) {
                    caption("Blend")
                    Picker("Blend mode", selection: Binding(get: { state.blendMode }, set: { lab.set(blendMode: $0) })) {
                        ForEach(ParticleBlendMode.allCases, id: \.self) { Text("\($0)").tag($0) }
                    }
                    .named("blendMode")
                    Spacer(minLength: 0)
                }
            }
            HStack(spacing: 8) {
                caption("Texture").named("label:Texture")
                Picker("Texture", selection: Binding(get: { state.textureIndex }, set: { lab.pick(texture: $0) })) {
                    ForEach(0..<state.textureNames.count) { i in Text(state.textureNames[i]).tag(i) }
                }
                .named("texture")
                Spacer(minLength: 0)
                TextureThumb(name: state.texture)
            }
            HStack(alignment: .top, spacing: 20) {
                column(LabField.all.prefix(11))
                column(LabField.all.dropFirst(11))
            }
            .padding(.top, 6)
        }
        .font(.system(size: 14))
        .padding(16)
        .frame(maxWidth: .infinity, alignment: .topLeading)
    }

    private func caption(_ text: String) -> some View {
        Text(text).font(.system(size: 13)).foregroundColor(.secondaryLabel)
    }

    private func column(_ fields: ArraySlice<LabField>) -> some View {
        VStack(alignment: .leading, spacing: 4) {
            ForEach(Array(fields), id: \.label) { LabFieldRow(field: $0, lab: lab) }
        }
    }
}

/// What the panel's pickers show: their lists, their choices and the picked texture.
struct LabPanelState: Equatable {
    let effectNames: [String]
    let effectIndex: Int
    let blendMode: ParticleBlendMode
    let textureNames: [String]
    let textureIndex: Int
    let texture: String?

    init(_ lab: ParticleLab) {
        effectNames = lab.effectNames
        effectIndex = lab.effectIndex
        blendMode = lab.config.particleBlendMode
        textureNames = lab.textureNames
        textureIndex = lab.textureIndex
        texture = lab.config.particleTexture
    }
}

/// One emitter field: its name and value over a slider. It observes its own field's value only.
struct LabFieldRow: View {
    let field: LabField
    let lab: ParticleLab
    @ObservedObject var value: LabReading<Double>

    init(field: LabField, lab: ParticleLab) {
        self.field = field
        self.lab = lab
        _value = ObservedObject(wrappedValue: lab.reading(of: field))
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 4) {
                Text(field.label).font(.system(size: 12)).fixedSize().named("label:\(field.label)")
                Spacer(minLength: 0)
                Text(field.text(value.value)).font(.system(size: 12)).foregroundColor(.secondaryLabel)
            }
            .frame(height: 16)
            Slider(value: Binding(get: { value.value }, set: { lab.set(field, to: $0) }), in: field.range)
                .named("slider:\(field.label)")
        }
    }
}

/// The picked texture on the dark ground the particles are drawn on; a white square for plain quads.
struct TextureThumb: View {
    let name: String?

    var body: some View {
        ZStack {
            RoundedRectangle(cornerRadius: 5).fill(Color(hex: 0x14141C))
            if let name {
                Image(name).resizable().scaledToFit().padding(3)
            } else {
                Rectangle().fill(Color.white).padding(3)
            }
        }
        .frame(width: 28, height: 28)
        .named("textureThumb")
    }
}
