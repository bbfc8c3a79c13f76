import Foundation

/// A view controller: loads its view on first use (`loadView`, then `viewDidLoad`) and is the next responder of
/// that view, so touches nobody under the finger handles reach it (spec 06 §2.6).
class UIViewController: UIResponder {
    private var loadedView: UIView?

    var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                loadedView?.viewController = self
                viewDidLoad()
            }
            return loadedView
        }
        set {
            loadedView = newValue
            newValue?.viewController = self
        }
    }

    var isViewLoaded: Bool { loadedView != nil }

    /// Builds the view (what the storyboard would do).
    func loadView() { view = UIView(frame: UIScreen.main.bounds) }
    func viewDidLoad() {}

    /// The view's superview (the window).
    override var next: UIResponder? { loadedView?.superview }
}
