import Foundation
import Stage

/// A control: tracks its own touches and fires target actions; it never passes touches to the next responder
/// (spec 06 §2.6). Touch-up-inside fires when the finger lifts inside the bounds.
class UIControl: UIView {
    struct Event: OptionSet, Hashable {
        let rawValue: Int
        static let touchDown = Event(rawValue: 1 << 0)
        static let touchUpInside = Event(rawValue: 1 << 6)
        static let touchUpOutside = Event(rawValue: 1 << 7)
    }

    struct State: OptionSet, Hashable {
        let rawValue: Int
        static let normal = State([])
        static let highlighted = State(rawValue: 1 << 0)
        static let disabled = State(rawValue: 1 << 1)
    }

    var isEnabled = true
    private(set) var isHighlighted = false
    private var actions: [(event: Event, run: (Any?) -> Void)] = []

    var state: State {
        var s: State = .normal
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        return s
    }

    /// `addTarget:action:forControlEvents:`, the action a method of the target taking the sender (an IBAction).
    func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> (Any?) -> Void,
                                      for events: Event) {
        actions.append((events, { [weak target] sender in if let target { action(target)(sender) } }))
    }

    func sendActions(for event: Event) {
        for a in actions where a.event.contains(event) { a.run(self) }
    }

    override func hitTest(_ p: CGPoint, with event: UIEvent?) -> UIView? {
        isEnabled ? super.hitTest(p, with: event) : nil
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        isHighlighted = true
        sendActions(for: .touchDown)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        isHighlighted = point(inside: touch.location(in: self), with: event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        isHighlighted = false
        guard let touch = touches.first else { return }
        sendActions(for: point(inside: touch.location(in: self), with: event) ? .touchUpInside : .touchUpOutside)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { isHighlighted = false }
}

/// A rounded-rect button with a background image and a title per state. Highlighted without images of its own, the
/// background is darkened to 70 % and the title turns white (UIKit's defaults, spec 06 §1.B.1).
final class UIButton: UIControl {
    private var backgroundImages: [State: UIImage] = [:]
    private var titles: [State: String] = [:]
    private var titleColors: [State: UIColor] = [:]
    /// `titleLabel.font`.
    var titleFont = Font(size: 15, weight: .bold)
    private let backgroundNode = Node()
    private let titleNode = Node()

    override init(frame: CGRect) {
        super.init(frame: frame)
        node.add([backgroundNode, titleNode])
    }

    func setBackgroundImage(_ image: UIImage?, for state: State) { backgroundImages[state] = image }
    func setTitle(_ title: String?, for state: State) { titles[state] = title }
    func setTitleColor(_ color: UIColor?, for state: State) { titleColors[state] = color }

    func backgroundImage(for state: State) -> UIImage? { backgroundImages[state] ?? backgroundImages[.normal] }
    func title(for state: State) -> String? { titles[state] ?? titles[.normal] }
    var currentBackgroundImage: UIImage? { backgroundImage(for: state) }
    var currentTitle: String? { title(for: state) }

    override func drawContent(at t: Double) {
        super.drawContent(at: t)
        let box = Rect(x: 0, y: 0, width: Double(bounds.width), height: Double(bounds.height))
        let darken = isHighlighted && backgroundImages[.highlighted] == nil
        backgroundNode.frame = box
        backgroundNode.content = currentBackgroundImage.map { .image($0.frame(at: t).assetName, .stretch) } ?? .none
        backgroundNode.tint = darken ? Color(r: 0.7, g: 0.7, b: 0.7) : .white
        let color = titleColors[state] ?? (isHighlighted ? .white : titleColors[.normal] ?? UIColor(Color(hex: 0x007AFF)))
        titleNode.frame = box
        titleNode.content = currentTitle.map { .text($0, titleFont, color.color) } ?? .none
    }
}
