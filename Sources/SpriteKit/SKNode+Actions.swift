import Foundation

/// Running actions on a node. They advance while the node is in a presented scene, at the scene's steps
/// (`SKScene.advanceActions`), by the scene clock's time times the speeds of the node and its ancestors.
extension SKNode {
    public func run(_ action: SKAction) { start(action, key: nil, completion: nil) }

    public func run(_ action: SKAction, completion block: @escaping () -> Void) { start(action, key: nil, completion: block) }

    /// Runs `action` under `key`, replacing an action already running under it.
    public func run(_ action: SKAction, withKey key: String) { start(action, key: key, completion: nil) }

    public func action(forKey key: String) -> SKAction? { running.first { $0.key == key }?.run.action }

    public func removeAction(forKey key: String) { running.removeAll { $0.key == key } }

    public func removeAllActions() { running.removeAll() }

    public func hasActions() -> Bool { !running.isEmpty }

    private func start(_ action: SKAction, key: String?, completion: (() -> Void)?) {
        if let key { removeAction(forKey: key) }
        running.append(RunningAction(action, key: key, completion: completion))
    }

    /// Advances this node's actions by `dt` seconds of its parent's time (the step from scene time `time` − `interval`
    /// to `time`), then its children's. An action started during that interval advances only by the part of it
    /// after its start (one started by this very step, not at all). Completions run after their action's last
    /// change.
    func advanceActions(by dt: Double, to time: Double, interval: Double) {
        guard !isPaused else { return }
        let dt = dt * speed
        for entry in running {
            guard running.contains(where: { $0 === entry }) else { continue }   // removed by an earlier one
            var share = 1.0
            if let start = entry.startTime, interval > 0 { share = min(1, max(0, (time - start) / interval)) }
            entry.startTime = nil
            guard entry.run.step(self, dt * share) != nil else { continue }
            running.removeAll { $0 === entry }
            entry.completion?()
        }
        for child in children where child.parent === self { child.advanceActions(by: dt, to: time, interval: interval) }
    }
}
