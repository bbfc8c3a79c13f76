import Stage

public extension View {
    /// Reports `value` as `state.NAME` when the node this view is named is probed (spec README §3.17), for a value
    /// that belongs to one node rather than to the scene (a header icon's `filled`, a page's own timer's
    /// `timerDone`). Write it before `.named(_:)`. It wins over a scene `@State` of the same name.
    func probeState(_ name: String, _ value: Bool) -> some View { probeState(name, .bool(value)) }
    func probeState(_ name: String, _ value: Double) -> some View { probeState(name, .number(value)) }
    func probeState(_ name: String, _ value: String) -> some View { probeState(name, .string(value)) }

    internal func probeState(_ name: String, _ value: ProbeValue.StateValue) -> some View {
        wrapped(ProbeStateElement.self) { e, _ in e.entries[name] = value }
    }
}

/// Carries a node's own state values for probes; lays out and draws as its content.
final class ProbeStateElement: WrapperElement {
    var entries: [String: ProbeValue.StateValue] = [:]
    override func sizeThatFits(_ p: ProposedSize) -> Size { child?.size(for: p) ?? .zero }
    override func place(in rect: Rect) { frame = rect; child?.assign(in: rect) }
    override func probeValues(at time: Double) -> [(key: String, value: ProbeValue)] {
        entries.sorted { $0.key < $1.key }.map { ("state." + $0.key, .state($0.value)) } + super.probeValues(at: time)
    }
}

/// Whether the running scene has an image asset of this name (for views that show something else when a picture
/// is missing, as SwiftUI Apprentice's video player does with `Bundle.main.url(forResource:withExtension:)`).
public func imageAssetExists(_ name: String) -> Bool {
    ViewScene.current?.host.context.assets.imageURL(named: name) != nil
}
