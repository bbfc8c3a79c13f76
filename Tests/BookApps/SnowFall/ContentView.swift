import SwiftUI

// A test app for `zoetrope run`: snow from a Core Animation emitter layer in a UIKit view, hosted in SwiftUI with
// UIViewRepresentable, the way the book's chapter 8 hosts its snow (original code and numbers of our own).
struct ContentView: View {
    var body: some View {
        ZStack {
            Color.black
                .edgesIgnoringSafeArea(.all)
            SnowView()
        }
    }
}

struct SnowView: UIViewRepresentable {
    func makeUIView(context: UIViewRepresentableContext<SnowView>) -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        view.layer.masksToBounds = true

        let emitter = CAEmitterLayer()
        emitter.frame = CGRect(x: 100, y: 0, width: view.frame.width, height: view.frame.height)

        let flake = CAEmitterCell()
        flake.contents = UIImage(named: "snow")?.cgImage
        flake.birthRate = 30
        flake.lifetime = 20
        flake.velocity = 50
        flake.emissionLongitude = .pi / 2
        flake.emissionRange = .pi / 8
        flake.scale = 0.05
        emitter.emitterCells = [flake]

        view.layer.addSublayer(emitter)
        return view
    }

    func updateUIView(_ uiView: UIView, context: UIViewRepresentableContext<SnowView>) {}
}
