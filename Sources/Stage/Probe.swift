import Foundation

/// One value a probe reports (spec README §3.17): an animatable property's model and presented value, or a scene
/// state variable (`state.NAME`), which has one value.
public enum ProbeValue: Equatable, Sendable {
    case number(model: Double, presented: Double)
    case color(model: Color, presented: Color)
    case state(StateValue)

    public enum StateValue: Equatable, Sendable { case bool(Bool), number(Double), string(String) }
}

/// What `probe NODE` prints for one named node (spec README §3.17).
public struct ProbeReport: Equatable, Sendable {
    public var name: String
    /// Layout frame in content-area coordinates, before render-only effects.
    public var frame: Rect
    /// Axis-aligned bounds of what is drawn after every transform.
    public var drawn: Rect
    /// Only for text-bearing nodes.
    public var text: String?
    public var hidden: Bool
    public var enabled: Bool
    /// In the order the probe prints them (modifier order).
    public var values: [(key: String, value: ProbeValue)]

    public init(name: String, frame: Rect, drawn: Rect, text: String? = nil, hidden: Bool = false, enabled: Bool = true,
                values: [(key: String, value: ProbeValue)] = []) {
        self.name = name; self.frame = frame; self.drawn = drawn; self.text = text; self.hidden = hidden
        self.enabled = enabled; self.values = values
    }

    public func value(_ key: String) -> ProbeValue? { values.first { $0.key == key }?.value }

    public static func == (a: ProbeReport, b: ProbeReport) -> Bool {
        a.name == b.name && a.frame == b.frame && a.drawn == b.drawn && a.text == b.text && a.hidden == b.hidden
            && a.enabled == b.enabled && a.values.map(\.key) == b.values.map(\.key)
            && a.values.map(\.value) == b.values.map(\.value)
    }
}

/// Scenes expose their animatable properties by "node.property" so the harness can read presented and model values
/// (spec README §3.2).
@MainActor
public protocol AnimatableProperties {
    func animatableProperty(_ key: String, at time: Double) -> (presented: Double, model: Double)?
}

/// A scene whose named nodes the harness can read and click by name (spec README §3.17). Coordinates are the
/// scene's content coordinates at scene time `time`.
@MainActor
public protocol Probeable: AnyObject {
    /// Every named node, plus `text:…` / `image:…` entries for unnamed text-bearing views and icons, in tree order.
    func probeAll(at time: Double) -> [ProbeReport]
    /// The report for one name (a node name, `text:…` or `image:…`); the frontmost visible one when names repeat.
    func probe(_ name: String, at time: Double) -> ProbeReport?
}

public extension Probeable {
    func probe(_ name: String, at time: Double) -> ProbeReport? {
        probeAll(at: time).last { $0.name == name && !$0.hidden } ?? probeAll(at: time).first { $0.name == name }
    }
}
