import Views

/// Chapter 1, "Padding individual children": alternate texts padded on the leading and trailing edges
/// (spec 01 §2.1.17).
struct PaddingChildren: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Text("I'm padded on the leading edge").padding(.leading, 75)
            Text("I'm padded on the trailing edge").padding(.trailing, 75)
            Text("I'm padded on the leading edge").padding(.leading, 75)
            Text("I'm padded on the trailing edge").padding(.trailing, 75)
            Text("I'm padded on the leading edge").padding(.leading, 75)
            Text("I'm padded on the trailing edge").padding(.trailing, 75)
            Text("I'm padded on the leading edge").padding(.leading, 75)
            Text("I'm padded on the trailing edge").padding(.trailing, 75)
        }
    }
}
