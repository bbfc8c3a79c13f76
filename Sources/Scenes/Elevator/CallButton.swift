import Stage

/// B1: a 10-pt disc (white while the doors are open, black otherwise) with a 1-pt red ring on its edge, padded to a
/// 20×20 black disc. Pressed, it dims to 0.2 and fades back over 0.2 s (spec 04 §1.3, choice E3).
final class CallButton: Button {
    private let background = Node(name: "callButtonBackground", content: .shape(.circle, fill: .black, stroke: nil))
    private let centre = Node(name: "callButtonCentre", content: .shape(.circle, fill: .black, stroke: nil))
    private let ring = Node(name: "callButtonRing", content: .shape(.circle, fill: nil, stroke: Stroke(.red, width: 1)))

    init(name: String) {
        super.init(name: name, action: {})
        pressedOpacity = 0.2
        releaseFade = 0.2
        add([background, centre, ring])
    }

    /// The centre's colour changes at once, never animated.
    func layout(doorsOpened: Bool) {
        background.frame = frame
        let disc = Rect(center: frame.center, size: Size(10, 10))
        centre.frame = disc
        centre.content = .shape(.circle, fill: doorsOpened ? .white : .black, stroke: nil)
        ring.frame = disc
    }
}
