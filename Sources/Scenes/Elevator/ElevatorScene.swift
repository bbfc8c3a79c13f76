import Foundation
import Motion
import Stage

/// "Need a Lift?" (chapter 11): a steel elevator seen from the landing. Click the call button to bring the car;
/// each later click rides to the other floor (spec 04 §1).
public final class ElevatorScene: Scene {
    public static let info = SceneInfo(id: "elevator", chapter: "Chapter 11", title: "Need a Lift?",
                                       referenceSize: Size(393, 759), mapping: .responsive)

    let model: DataModel
    private let context: SceneContext
    public let root = Node(name: "root")

    /// Layer A's value-scoped animation on `doorsOpened`: the doors wait 0.3 s, then take 3.8889 s.
    static let doorAnimation = Animation.easeInOut.speed(0.09).delay(0.3)

    /// 0 = doors closed, 1 = doors open; the offsets follow from the window width.
    private(set) var doorTravel = AnimatedValue(0.0)
    /// 0 = indicator dim (black at 0.3), 1 = lit (red at 1).
    private(set) var floor1Light = AnimatedValue(0.0)
    private(set) var floor2Light = AnimatedValue(0.0)

    // Layer A: the car and its people behind the doors, then the frame.
    private let inside = Node(name: "inside", content: .image("inside", .stretch))
    private let manOne = Node(name: "manOne", content: .image("manOne", .aspectFit))
    private let manTwo = Node(name: "manTwo", content: .image("manTwo", .aspectFit))
    private let manThree = Node(name: "manThree", content: .image("manThree", .aspectFit))
    private let manFour = Node(name: "manFour", content: .image("manFour", .aspectFit))
    private let leftDoor = Node(name: "leftDoor", content: .image("leftDoor", .stretch))
    private let rightDoor = Node(name: "rightDoor", content: .image("rightDoor", .stretch))
    private let doorFrame = Node(name: "doorFrame", content: .image("doorFrame", .stretch))
    // Layer B: the call button and the floor indicators.
    private let callButton: CallButton
    private let floor1Indicator = FloorIndicator(name: "floor1Indicator", digit: "1")
    private let floor2Indicator = FloorIndicator(name: "floor2Indicator", digit: "2")

    public init(context: SceneContext) {
        self.context = context
        model = DataModel(context: context)
        callButton = CallButton(name: "callButton")
        callButton.action = { [unowned model] in model.callButtonClicked() }
        model.onChange = { [unowned self] change in apply(change) }

        let background = Node(name: "background", content: .shape(.rect, fill: .black, stroke: nil))
        let layerA = Node(name: "layerA")
        let layerB = Node(name: "layerB")
        let people = [manOne, manTwo, manThree, manFour]
        for person in people { person.shadow = Shadow(color: .black, radius: 30, x: 5, y: 5) }
        layerA.add([inside] + people + [leftDoor, rightDoor, doorFrame])
        layerB.add([callButton, floor1Indicator, floor2Indicator])
        root.add([background, layerA, layerB])
    }

    /// Model changes become animated property changes: the doors use layer A's value-scoped animation, the lights
    /// the animation of the transaction that changed them (none = instant).
    private func apply(_ change: DataModel.Change) {
        let now = context.clock.now
        switch change {
        case let .doorsOpened(open):
            doorTravel.set(open ? 1 : 0, at: now, animation: Self.doorAnimation)
        case let .floor1(lit):
            floor1Light.set(lit ? 1 : 0, at: now, animation: Transaction.current.animation)
        case let .floor2(lit):
            floor2Light.set(lit ? 1 : 0, at: now, animation: Transaction.current.animation)
        }
    }

    /// The spec's layout formulas (04 §1.3) for a geometry box of W×H.
    public func layout(size: Size, time: Double) {
        let W = size.width, H = size.height
        func box(_ w: Double, _ h: Double) -> Rect { Rect(x: 0, y: 0, width: max(0, w), height: max(0, h)) }

        root.frame = box(W, H)
        root.children[0].frame = box(W, H)
        inside.frame = box(W, H)
        manOne.frame = box(W - 200, H - 300)
        manOne.transforms = [.offset(0, 250)]
        manTwo.frame = box(W, H - 290)
        manTwo.transforms = [.offset(40, 230), .rotation3D(degrees: 20, axis: (0, -1, 0))]
        manThree.frame = box(W - 100, H - 250)
        manThree.transforms = [.offset(130, 255)]
        manFour.frame = box(W, H - 280)
        manFour.transforms = [.offset(-80, 265)]

        let doorWidth = max(0, (W - 8) / 2)
        leftDoor.frame = Rect(x: 0, y: 0, width: doorWidth, height: H)
        rightDoor.frame = Rect(x: (W + 8) / 2, y: 0, width: doorWidth, height: H)
        leftDoor.transforms = [.offset(leftDoorOffset(width: W, at: time), 0)]
        rightDoor.transforms = [.offset(rightDoorOffset(width: W, at: time), 0)]
        doorFrame.frame = box(W, H)

        callButton.frame = Rect(center: Point(W / 33, H / 2), size: Size(20, 20))
        callButton.layout(doorsOpened: model.doorsOpened)

        let rowCenter = Point(W / 2, 0.02 * H + 2)
        floor1Indicator.layout(center: Point(rowCenter.x - 16.5, rowCenter.y), light: floor1Light.value(at: time))
        floor2Indicator.layout(center: Point(rowCenter.x + 16.5, rowCenter.y), light: floor2Light.value(at: time))
    }

    /// Closed: +4; open: −W/2.
    func leftDoorOffset(width W: Double, at time: Double) -> Double { 4 + (-W / 2 - 4) * doorTravel.value(at: time) }
    /// Closed: −4; open: +W/2.
    func rightDoorOffset(width W: Double, at time: Double) -> Double { -4 + (W / 2 + 4) * doorTravel.value(at: time) }
}

extension ElevatorScene: AnimatableProperties {
    /// Presented and model values by "node.property", for the test harness.
    public func animatableProperty(_ key: String, at time: Double) -> (presented: Double, model: Double)? {
        let W = root.frame.width
        switch key {
        case "leftDoor.offset.x":
            return (leftDoorOffset(width: W, at: time), doorTravel.target == 1 ? -W / 2 : 4)
        case "rightDoor.offset.x":
            return (rightDoorOffset(width: W, at: time), doorTravel.target == 1 ? W / 2 : -4)
        case "floor1Indicator.opacity":
            return (FloorIndicator.opacity(floor1Light.value(at: time)), FloorIndicator.opacity(floor1Light.target))
        case "floor2Indicator.opacity":
            return (FloorIndicator.opacity(floor2Light.value(at: time)), FloorIndicator.opacity(floor2Light.target))
        default:
            return nil
        }
    }
}

extension ElevatorScene {
    /// The model's booleans, for tests and the harness.
    public struct Flags: Equatable {
        public var doorsOpened, floor1, floor2, goingUp: Bool
        public init(doorsOpened: Bool, floor1: Bool, floor2: Bool, goingUp: Bool) {
            self.doorsOpened = doorsOpened; self.floor1 = floor1; self.floor2 = floor2; self.goingUp = goingUp
        }
    }
    public var flags: Flags {
        Flags(doorsOpened: model.doorsOpened, floor1: model.floor1, floor2: model.floor2, goingUp: model.goingUp)
    }
}
