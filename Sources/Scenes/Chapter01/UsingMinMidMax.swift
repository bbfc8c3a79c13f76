import Views

/// Chapter 1, "min, mid and max": the reader's frame edges in its own and the window's space (spec 01 §2.1.24).
struct UsingMinMidMax: View {
    var body: some View {
        GeometryReader { geometryProxy in
            VStack {
                Spacer()
                Text("Local Values").font(.title2).bold()
                HStack {
                    Text("minX: \(Int(geometryProxy.frame(in: .local).minX))")
                    Spacer()
                    Text("midX: \(Int(geometryProxy.frame(in: .local).midX))")
                    Spacer()
                    Text("maxX: \(Int(geometryProxy.frame(in: .local).maxX))")
                }

                Divider().background(Color.black)

                Text("Global Values").font(.title2).bold()
                HStack {
                    Text("minX: \(Int(geometryProxy.frame(in: .global).minX))")
                    Spacer()
                    Text("midX: \(Int(geometryProxy.frame(in: .global).midX))")
                    Spacer()
                    Text("maxX: \(Int(geometryProxy.frame(in: .global).maxX))")
                }
                Spacer()
            }
            .padding(.horizontal)
        }
    }
}
