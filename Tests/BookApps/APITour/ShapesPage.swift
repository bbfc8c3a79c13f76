import SwiftUI

struct Wave: Shape {
    var amplitude: CGFloat
    var animatableData: CGFloat {
        get { amplitude }
        set { amplitude = newValue }
    }

    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: rect.minX, y: rect.midY))
        path.addCurve(to: CGPoint(x: rect.maxX, y: rect.midY),
                      control1: CGPoint(x: rect.width / 3, y: rect.midY - amplitude),
                      control2: CGPoint(x: rect.width * 2 / 3, y: rect.midY + amplitude))
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        path.closeSubpath()
        return path
    }
}

struct ShapesPage: View {
    var body: some View {
        VStack(spacing: 10) {
            HStack {
                Circle()
                    .fill(RadialGradient(gradient: Gradient(colors: [.yellow, .orange]), center: .center,
                                         startRadius: 5, endRadius: 40))
                    .frame(width: 80, height: 80)
                RoundedRectangle(cornerRadius: 12)
                    .strokeBorder(Color.purple, lineWidth: 4)
                    .frame(width: 80, height: 80)
                Capsule()
                    .fill(LinearGradient(gradient: Gradient(colors: [.pink, .indigo]), startPoint: .leading,
                                         endPoint: .trailing))
                    .frame(width: 80, height: 40)
                Rectangle()
                    .fill(AngularGradient(gradient: Gradient(colors: [.red, .green, .blue, .red]), center: .center))
                    .frame(width: 60, height: 60)
                    .clipShape(Circle())
            }
            Wave(amplitude: 30)
                .fill(Color.blue.opacity(0.6))
                .frame(height: 120)
            Circle()
                .trim(from: 0, to: 0.75)
                .stroke(Color.green, style: StrokeStyle(lineWidth: 8, lineCap: .round))
                .frame(width: 70, height: 70)
                .rotationEffect(.degrees(-90))
            Image(systemName: "star.fill")
                .imageScale(.large)
                .foregroundColor(.yellow)
            Text("Serif caption")
                .font(.system(size: 14, weight: .semibold, design: .serif))
            HStack {
                Text("Papyrus").font(.custom("Papyrus", size: 20))
                Text("Medium").fontWeight(.medium)
                Text("Default").font(.system(size: 14, design: .default))
            }
        }
    }
}
