import SwiftUI

struct MotionPage: View {
    @EnvironmentObject var model: TourModel
    @State private var lifted = false
    @State private var hue = 0.0

    var body: some View {
        VStack(spacing: 16) {
            Image(systemName: "heart.fill")
                .font(.system(size: 40))
                .rotationEffect(.degrees(model.angle))
                .animation(.interactiveSpring(), value: model.angle)
            RoundedRectangle(cornerRadius: 20)
                .fill(Color.orange)
                .frame(width: 120, height: 60)
                .offset(y: lifted ? -40 : 0)
                .scaleEffect(lifted ? 1.2 : 1)
                .opacity(lifted ? 0.5 : 1)
                .hueRotation(.degrees(hue))
                .colorMultiply(.yellow)
                .rotation3DEffect(.degrees(lifted ? 30 : 0), axis: (x: 1, y: 0, z: 0))
                .blur(radius: lifted ? 2 : 0)
                .zIndex(1)
                .animation(.easeInOut(duration: 0.8).delay(0.1), value: lifted)
            Button("Lift") {
                lifted.toggle()
                withAnimation(.linear(duration: 2).repeatForever(autoreverses: true)) { hue = 180 }
            }
            Text("Screen \(Int(UIScreen.main.bounds.width))×\(Int(UIScreen.main.bounds.height))")
            HStack {
                Button("Spin") { model.startSpinning() }
                Button("Stop") { model.stopSpinning() }
            }
            GeometryReader { geo in
                Circle()
                    .fill(Color.mint)
                    .frame(width: geo.size.width / 4, height: geo.size.width / 4)
                    .position(x: geo.frame(in: .local).midX, y: geo.size.height / 2)
            }
            .frame(height: 100)
            .onDisappear { model.stopSpinning() }
        }
        .onAppear {
            _ = UIScreen.main.bounds.width
            UIImpactFeedbackGenerator(style: .light).impactOccurred()
        }
    }
}
