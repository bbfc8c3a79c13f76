import Foundation
import Particles
import Stage
import Views

/// The ramp editor under the preview: its title, which sequence (colour, alpha, scale) and the interpolation mode;
/// the bar with a marker per key; the selected key's sliders (red, green, blue, alpha, or one value) and swatch; a
/// line saying what is selected. Delete key sits top right, after the sliders in Tab order.
struct LabRampView: View {
    @ObservedObject var editor: LabRampEditor
    /// Observed too: the ramp is read from the emitter, which other controls change.
    @ObservedObject var ramps: LabReading<[LabRamp]>

    static let channelNames = ["rampRed", "rampGreen", "rampBlue", "rampAlpha"]
    static let background = Color(hex: 0xE9E9EE)

    var body: some View {
        let r = editor.ramp
        let key = r.values[min(editor.selected, r.count - 1)]
        VStack(alignment: .leading, spacing: 8) {
            HStack(spacing: 12) {
                Text(editor.target.title).font(.system(size: 14, weight: .bold)).frame(width: 96, alignment: .leading)
                    .named("rampTitle")
                Picker("Ramp", selection: Binding(get: { editor.target }, set: { editor.show($0) })) {
                    ForEach(RampTarget.allCases, id: \.self) { Text("\($0)".capitalized).tag($0) }
                }
                .pickerStyle(.segmented)
                .frame(width: 180)
                .named("rampTarget")
                Picker("Mode", selection: Binding(get: { editor.mode }, set: { editor.set(mode: $0) })) {
                    ForEach(LabRampEditor.modes, id: \.self) { Text("\($0)").tag($0) }
                }
                .pickerStyle(.segmented)
                .frame(width: 180)
                .named("rampMode")
                Spacer(minLength: 0)
            }
            LabRampBar(editor: editor, ramp: r)
            HStack(spacing: 10) {
                if editor.target == .color {
                    ForEach(0..<4) { ch in
                        HStack(spacing: 4) {
                            Text(["R", "G", "B", "A"][ch]).font(.system(size: 12, weight: .semibold))
                            Slider(value: Binding(get: { editor.value(channel: ch) }, set: { editor.set($0, channel: ch) }))
                                .named(Self.channelNames[ch])
                        }
                    }
                } else {
                    Text("Value").font(.system(size: 12, weight: .semibold))
                    Slider(value: Binding(get: { editor.value(channel: 0) }, set: { editor.set($0, channel: 0) }),
                           in: editor.target.range)
                        .named("rampValue")
                }
                RoundedRectangle(cornerRadius: 5)
                    .fill(Color(ramp: key))
                    .overlay(RoundedRectangle(cornerRadius: 5).stroke(Color.gray, lineWidth: 1))
                    .frame(width: 28, height: 28)
                    .named("rampSwatch")
            }
            Text(info(r, key)).font(.system(size: 11)).foregroundColor(.secondaryLabel).named("rampInfo")
            Spacer(minLength: 0)
        }
        .padding(.horizontal, 16)
        .padding(.vertical, 8)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .overlay(alignment: .topTrailing) {
            Button(action: { editor.deleteSelected() }) {
                Text("Delete key")
                    .font(.system(size: 12, weight: .semibold))
                    .foregroundColor(.white)
                    .padding(.horizontal, 12)
                    .frame(height: 28)
                    .background(RoundedRectangle(cornerRadius: 6).fill(Color(hex: 0xC0392B)))
            }
            .disabled(r.count <= 1)
            .opacity(r.count > 1 ? 1 : 0.4)
            .named("rampDelete")
            .padding(.top, 10)
            .padding(.trailing, 16)
        }
        .background(Rectangle().fill(Self.background))
        .named("rampPanel")
    }

    /// "key 2 of 3 at 0.50 · #FFC000FF", or which plain value the single key is.
    private func info(_ r: LabRamp, _ key: [Double]) -> String {
        func byte(_ v: Double) -> Int { Int((min(1, max(0, v)) * 255).rounded()) }
        let value = key.count == 4
            ? String(format: "#%02X%02X%02X%02X", byte(key[0]), byte(key[1]), byte(key[2]), byte(key[3]))
            : String(format: "%.2f", key[0])
        let plain = editor.target == .color ? "particleColor" : editor.target == .alpha ? "particleAlpha" : "particleScale"
        let what = r.isSequence
            ? "key \(editor.selected + 1) of \(r.count) at \(String(format: "%.2f", r.times[min(editor.selected, r.count - 1)]))"
            : "no sequence: the plain \(plain)"
        return "\(what) · \(value) · click the bar to add a key, drag a marker, Delete removes"
    }
}
