import Particles
import Stage
import Views

/// The lab's controls: the effect, blend mode and texture pickers, then every `LabField` as a labelled slider in two
/// columns (22 sliders at the iOS slider's 28-pt height do not fit one column of an 800-pt window).
struct LabPanel: View {
    @ObservedObject var lab: ParticleLab

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Text("Particle Lab").font(.system(size: 22, weight: .bold)).named("title")
            HStack(spacing: 16) {
                HStack(spacing: 8) {
                    caption("Effect")
                    Picker("Effect", selection: Binding(get: { lab.effectIndex }, set: { lab.select(effect: $0) })) {
                        ForEach(0..<lab.effectNames.count) { i in Text(lab.effectNames[i]).tag(i) }
                    }
                    .named("effect")
                    Spacer(minLength: 0)
                }
                HStack(spacing: 8) {
                    caption("Blend")
                    Picker("Blend mode", selection: Binding(get: { lab.config.particleBlendMode }, set: { lab.set(blendMode: $0) })) {
                        ForEach(ParticleBlendMode.allCases, id: \.self) { Text("\($0)").tag($0) }
                    }
                    .named("blendMode")
                    Spacer(minLength: 0)
                }
            }
            HStack(spacing: 8) {
                caption("Texture").named("label:Texture")
                Picker("Texture", selection: Binding(get: { lab.textureIndex }, set: { lab.pick(texture: $0) })) {
                    ForEach(0..<lab.textureNames.count) { i in Text(lab.textureNames[i]).tag(i) }
                }
                .named("texture")
                Spacer(minLength: 0)
                TextureThumb(name: lab.config.particleTexture)
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

/// One emitter field: its name and value over a slider.
struct LabFieldRow: View {
    let field: LabField
    @ObservedObject var lab: ParticleLab

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 4) {
                Text(field.label).font(.system(size: 12)).fixedSize().named("label:\(field.label)")
                Spacer(minLength: 0)
                Text(field.text(lab.config)).font(.system(size: 12)).foregroundColor(.secondaryLabel)
            }
            .frame(height: 16)
            Slider(value: Binding(get: { lab.value(field) }, set: { lab.set(field, to: $0) }), in: field.range)
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
