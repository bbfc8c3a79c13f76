import Foundation
import Stage
import SwiftUI
import UIKit
import Views

/// SwiftUI's view of a SpriteKit scene: an `SKView` presenting `scene`, filling the space offered. The scene is
/// presented once, when the view first appears.
public struct SpriteView: View {
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let ignoresSiblingOrder = Options(rawValue: 1)
        public static let shouldCullNonVisibleNodes = Options(rawValue: 2)
        public static let allowsTransparency = Options(rawValue: 4)
    }

    public struct DebugOptions: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let showsFPS = DebugOptions(rawValue: 1), showsNodeCount = DebugOptions(rawValue: 2)
        public static let showsDrawCount = DebugOptions(rawValue: 4), showsPhysics = DebugOptions(rawValue: 8)
    }

    let scene: SKScene
    let isPaused: Bool
    let options: Options

    public init(scene: SKScene, transition: SKTransition? = nil, isPaused: Bool = false,
                preferredFramesPerSecond: Int = 60, options: Options = [], debugOptions: DebugOptions = []) {
        self.scene = scene; self.isPaused = isPaused; self.options = options
    }

    public var body: some View {
        ParticleHost { [scene, isPaused, options] layer, seed in
            let view = SKView(frame: Rect(x: 0, y: 0, width: layer.sceneSize.x, height: layer.sceneSize.y))
            view.allowsTransparency = options.contains(.allowsTransparency)
            view.ignoresSiblingOrder = options.contains(.ignoresSiblingOrder)
            view.isPaused = isPaused
            view.presentScene(scene)
            view.host(in: layer, seed: seed)
        }
    }
}
