import Views

/// Chapter 1, "VStack spacing": the same stack, 10 pt between children (spec 01 §2.1.6).
struct VStackSpacing: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Text("Hi, I'm child one in this vertical stack").named("t1")
            Text("Hi, I'm child two in this vertical stack").named("t2")
            Text("Hi, I'm child three in this vertical stack").named("t3")
            Text("Hi, I'm child four in this vertical stack, I'm the best").named("t4")
        }
    }
}
