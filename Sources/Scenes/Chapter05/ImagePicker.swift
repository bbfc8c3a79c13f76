import Views

/// The wheel of picture names on its navy box (red × blue = (0, 28, 48)), rounded 20, glowing white; the rows are
/// white and clipped to the box. White text makes the wheel draw its selection band as white at 3 % (spec 02 §3.1),
/// so the band is part of `rowLabels`, which reports the chosen label and the scroll (`wheel.offset`).
struct ImagePicker: View {
    @Binding var selectedImage: String
    let images: [String]

    var body: some View {
        Picker(selection: $selectedImage, label: Text("Select an image")) {
            ForEach(images, id: \.self) { image in
                Text(image)
            }
        }
        .pickerStyle(.wheel)
        .foregroundColor(.white)
        .frame(width: 300, height: 150)
        .cornerRadius(20)
        .named("rowLabels")
        .background(
            Color.red.colorMultiply(.blue)
                .cornerRadius(20)
                .named("pickerBox")
                .shadow(color: .white, radius: 5)
                .named("pickerBoxShadow")
        )
    }
}

fileprivate extension Color {
    /// SwiftUI's `colorMultiply`, for a colour: each channel times the other's.
    func colorMultiply(_ other: Color) -> Color { applying(.scale(r: other.r, g: other.g, b: other.b, a: other.a)) }
}
