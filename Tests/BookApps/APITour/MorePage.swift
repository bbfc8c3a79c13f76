import SwiftUI

// The rest of spec 07's API, used the way the book uses it; shown by the API tour's preview of this page.
struct Badge: View {
    @Binding var count: Int
    @ObservedObject var model: TourModel

    var body: some View {
        VStack {
            Text("Count \(count)")
                .font(.headline)
            Text("Taps \(model.taps)")
                .font(.caption)
            Divider()
            Button("Add") { count += 1 }
        }
        .padding(EdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8))
        .border(Color.gray, width: 1)
    }
}

struct MorePage: View {
    @State private var count = 0
    @StateObject private var model = TourModel()
    let gravity = CGVector(dx: 0, dy: -9.8)

    var body: some View {
        VStack(spacing: 8) {
            Badge(count: $count, model: model)
            List {
                ForEach(["one", "two"], id: \.self) { word in
                    Text(word)
                }
            }
            .frame(height: 100)
            Image("inside")
                .renderingMode(.original)
                .resizable()
                .aspectRatio(contentMode: .fit)
                .frame(width: 60, height: 60)
            Image("inside")
                .resizable()
                .scaledToFit()
                .frame(width: 40, height: 40)
                .mask(Circle())
            Rectangle()
                .fill(Color.blue)
                .frame(width: 40, height: 10)
                .offset(x: count > 0 ? 40 : 0)
                .animation(Animation.easeIn(duration: 1).speed(2), value: count)
            if gravity.dy < 0 {
                EmptyView()
            }
        }
    }
}

struct MorePage_Previews: PreviewProvider {
    static var previews: some View {
        MorePage()
    }
}
