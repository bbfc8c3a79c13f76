import Views

/// Chapter 1, "Modify one child": the child's own font wins over the stack's (spec 01 §2.1.8).
struct ModifyTheChild: View {
    var body: some View {
        HStack {
            Text("0").named("d0")
            Text("1").named("d1")
            Text("2").named("d2")
            Text("3").named("d3")
            Text("4").font(.title).named("d4")
            Text("5").named("d5")
            Text("6").named("d6")
            Text("7").named("d7")
            Text("8").named("d8")
            Text("9").named("d9")
        }
        .font(.headline)
    }
}
