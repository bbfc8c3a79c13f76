import Views

/// Chapter 1, "VStack leading alignment" (spec 01 §2.1.5).
struct VStackAlignment: View {
    var body: some View {
        VStack(alignment: .leading) {
            Text("Hi, I'm child one in this vertical stack").named("t1")
            Text("Hi, I'm child two in this vertical stack").named("t2")
            Text("Hi, I'm child three in this vertical stack").named("t3")
            Text("Hi, I'm child four in this vertical stack, I'm the best").named("t4")
        }
    }
}
