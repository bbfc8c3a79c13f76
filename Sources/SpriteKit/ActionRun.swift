import Foundation
import Views

/// One run of an action on one node: how far it has got and what it captured when it started (a `move(to:)`
/// starts from wherever the node is then). `step` advances it by `dt` seconds of node time and returns the time
/// left over when it finishes within the step (so a sequence starts its next part at the exact moment), or nil
/// while it runs.
final class ActionRun {
    let action: SKAction
    private var elapsed = 0.0
    private var started = false
    /// The eased progress applied so far (relative actions apply the difference).
    private var applied = 0.0
    /// Values captured at the start (absolute actions interpolate from them).
    private var from = (x: 0.0, y: 0.0)
    private var parts: [ActionRun] = []
    private var index = 0
    private var finished: [Double?] = []

    init(_ action: SKAction) { self.action = action }

    func step(_ node: SKNode, _ dt: Double) -> Double? {
        let dt = dt * action.speed
        switch action.kind {
        case let .sequence(actions): return stepSequence(actions, node, dt)
        case let .group(actions): return stepGroup(actions, node, dt)
        case let .repeatCount(a, n): return stepRepeat(a, times: n, node, dt)
        case let .repeatForever(a): return stepRepeat(a, times: nil, node, dt)
        case let .onChild(a, name):
            if !started { node.childNode(withName: name)?.run(a) }
            return timed(node, dt)
        default: return timed(node, dt)
        }
    }

    // MARK: Leaves

    private func timed(_ node: SKNode, _ dt: Double) -> Double? {
        if !started { started = true; begin(node) }
        let d = action.duration
        elapsed += dt
        let u = d > 0 ? min(1, elapsed / d) : 1
        let p = u >= 1 ? 1 : action.progress(u)
        apply(node, p)
        applied = p
        return elapsed >= d ? elapsed - d : nil
    }

    private func begin(_ node: SKNode) {
        switch action.kind {
        case .moveTo: from = (node.position.x, node.position.y)
        case .rotateTo: from.x = node.zRotation
        case .scaleTo, .scaleBy: from = (node.xScale, node.yScale)
        case .fadeTo: from.x = node.alpha
        case let .hide(hidden): node.isHidden = hidden
        case .remove: node.removeFromParent()
        case let .block(block): block()
        default: break
        }
    }

    private func apply(_ node: SKNode, _ p: Double) {
        let dp = p - applied
        switch action.kind {
        case let .moveBy(dx, dy): node.position = Point(node.position.x + dx * dp, node.position.y + dy * dp)
        case let .moveTo(x, y):
            node.position = Point(x.map { from.x + ($0 - from.x) * p } ?? node.position.x,
                                  y.map { from.y + ($0 - from.y) * p } ?? node.position.y)
        case let .rotateBy(a): node.zRotation += a * dp
        case let .rotateTo(a): node.zRotation = from.x + (a - from.x) * p
        case let .scaleBy(x, y):
            node.xScale = from.x + (from.x * x - from.x) * p
            node.yScale = from.y + (from.y * y - from.y) * p
        case let .scaleTo(x, y):
            if let x { node.xScale = from.x + (x - from.x) * p }
            if let y { node.yScale = from.y + (y - from.y) * p }
        case let .fadeBy(a): node.alpha += a * dp
        case let .fadeTo(a): node.alpha = from.x + (a - from.x) * p
        case let .custom(block): block(node, min(elapsed, action.duration))
        default: break
        }
    }

    // MARK: Compositions

    private func stepSequence(_ actions: [SKAction], _ node: SKNode, _ dt: Double) -> Double? {
        var left = dt
        while index < actions.count {
            if parts.isEmpty { parts = [ActionRun(actions[index])] }
            guard let rest = parts[0].step(node, left) else { return nil }
            left = rest
            parts = []
            index += 1
        }
        return left
    }

    private func stepGroup(_ actions: [SKAction], _ node: SKNode, _ dt: Double) -> Double? {
        if parts.isEmpty {
            parts = actions.map(ActionRun.init)
            finished = Array(repeating: nil, count: actions.count)
        }
        var endedNow: [Double] = []
        for (i, run) in parts.enumerated() where finished[i] == nil {
            finished[i] = run.step(node, dt)
            if let rest = finished[i] { endedNow.append(rest) }
        }
        guard finished.allSatisfy({ $0 != nil }) else { return nil }
        // The group ends when its longest part does: the smallest time left over by the parts that ended now.
        return endedNow.min() ?? dt
    }

    /// `times` runs of `action` one after the other (nil: forever). An iteration that takes no time at all ends
    /// the step, so an instantaneous action repeated forever runs once per step instead of hanging the player.
    private func stepRepeat(_ action: SKAction, times: Int?, _ node: SKNode, _ dt: Double) -> Double? {
        var left = dt
        while times.map({ index < $0 }) ?? true {
            if parts.isEmpty { parts = [ActionRun(action)] }
            guard let rest = parts[0].step(node, left) else { return nil }
            let tookNoTime = rest >= left
            left = rest
            parts = []
            index += 1
            if tookNoTime && times == nil { return nil }
        }
        return left
    }
}

/// An action started on a node with `run(_:)`: its run, its key and what to do when it ends.
final class RunningAction {
    let run: ActionRun
    let key: String?
    let completion: (() -> Void)?
    /// The scene time it was started at, until its first step.
    var startTime: Double?

    init(_ action: SKAction, key: String?, completion: (() -> Void)?) {
        run = ActionRun(action); self.key = key; self.completion = completion
        startTime = ViewScene.running?.context.clock.now
    }
}
