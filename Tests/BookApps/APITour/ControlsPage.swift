import SwiftUI

struct PressableStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .padding(10)
            .background(configuration.isPressed ? Color.gray : Color.blue)
            .foregroundColor(.white)
            .cornerRadius(8)
    }
}

struct Glow: ViewModifier {
    var color: Color
    func body(content: Content) -> some View {
        content.shadow(color: color, radius: 6, x: 0, y: 0)
    }
}

struct ControlsPage: View {
    @EnvironmentObject var model: TourModel
    @State private var level = 0.5
    @State private var name = ""
    @State private var size = 1
    @State private var isOn = false

    var body: some View {
        Form {
            Section {
                Button(action: { model.tap() }) {
                    Text("Tap \(model.taps)")
                }
                .buttonStyle(PressableStyle())
                .modifier(Glow(color: .orange))
                Text(model.word)
            }
            Section {
                Slider(value: $level, in: 0...1)
                    .accentColor(.pink)
                TextField("Name", text: $name)
                    .textFieldStyle(RoundedBorderTextFieldStyle())
                    .textInputAutocapitalization(.never)
                    .onSubmit { name = model.cleaned(name) }
                if !name.isEmpty {
                    Text(model.isReal(name) ? "\(name) is a word" : "\(name) is not a word")
                }
                Toggle("Loud", isOn: $isOn)
                Picker("Size", selection: $size) {
                    ForEach(1..<4) { n in
                        Text("\(n)").tag(n)
                    }
                }
                .pickerStyle(WheelPickerStyle())
                Circle()
                    .stroke(Color.purple, style: StrokeStyle(lineWidth: 3, lineCap: CGLineCap.round))
                    .frame(width: 20, height: 20)
            }
        }
    }
}
