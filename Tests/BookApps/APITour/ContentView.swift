import SwiftUI

struct ContentView: View {
    @EnvironmentObject var model: TourModel
    @State private var showAlert = false
    @State private var showSheet = false
    @State private var page = 0
    @AppStorage("tourVisits") private var visits = 0

    var body: some View {
        ZStack {
            Color.black.opacity(0.05)
                .edgesIgnoringSafeArea(.all)
            VStack(spacing: 12) {
                Text("API tour")
                    .font(.largeTitle)
                    .bold()
                Picker("Page", selection: $page) {
                    Text("Shapes").tag(0)
                    Text("Controls").tag(1)
                    Text("Motion").tag(2)
                }
                .pickerStyle(SegmentedPickerStyle())
                .padding(.horizontal)
                Group {
                    if page == 0 {
                        ShapesPage()
                    } else if page == 1 {
                        ControlsPage()
                    } else {
                        MotionPage()
                    }
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                HStack {
                    Button("Alert") { showAlert = true }
                    Spacer()
                    Button("Sheet") { showSheet = true }
                }
                .padding()
            }
        }
        .alert(isPresented: $showAlert) {
            Alert(title: Text("Tapped \(model.taps) times"),
                  message: Text("Reset the count?"),
                  primaryButton: .destructive(Text("Reset")) { model.taps = 0 },
                  secondaryButton: .cancel())
        }
        .sheet(isPresented: $showSheet) {
            SheetPage()
        }
        .onAppear { visits += 1 }
    }
}

struct SheetPage: View {
    @Environment(\.dismiss) var dismiss
    var body: some View {
        VStack {
            Text("A sheet").font(.title2)
            Button("Done") { dismiss() }
        }
    }
}

struct ContentView_Previews: PreviewProvider {
    static var previews: some View {
        ContentView()
            .environmentObject(TourModel())
            .previewLayout(.fixed(width: 390, height: 844))
            .previewDisplayName("Tour")
    }
}
