import Stage
import UIKit

/// A UIKit view in a SwiftUI layout (chapter 8's snow, chapter 15's `SKView`s): the view `makeUIView` returns fills
/// the space offered, clipped to it, and shows what its layers draw, run by the engine's particle system on the
/// scene clock (`UIView.host(in:seed:)`).
public protocol UIViewRepresentable: View {
    associatedtype UIViewType: UIView
    associatedtype Coordinator = Void
    typealias Context = UIViewRepresentableContext<Self>
    func makeUIView(context: Context) -> UIViewType
    func updateUIView(_ uiView: UIViewType, context: Context)
    func makeCoordinator() -> Coordinator
}

/// What `makeUIView` and `updateUIView` are given.
public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {
    public let coordinator: Representable.Coordinator
}

public extension UIViewRepresentable where Coordinator == Void {
    func makeCoordinator() -> Void { () }
}

public extension UIViewRepresentable {
    var body: some View {
        ParticleHost { particles, seed in
            let context = Context(coordinator: makeCoordinator())
            let view = makeUIView(context: context)
            view.frame = Rect(x: 0, y: 0, width: particles.sceneSize.x, height: particles.sceneSize.y)
            updateUIView(view, context: context)
            view.host(in: particles, seed: seed)
        }
    }
}
