import Foundation
import Particles
import Stage
import UIKit

/// SpriteKit's node: a position in its parent's space (y up), a rotation (radians, counter-clockwise), scales, an
/// alpha, children, and the actions running on it. Nodes that draw (sprites, emitters) own an engine node of the
/// particle layer; the scene writes the tree into that layer at every step (`SceneLayerWriter`).
open class SKNode: Hashable {
    public var name: String?
    public var position = Point.zero
    /// Drawing order relative to the parent: the scene adds up the z of a node and its ancestors.
    public var zPosition = 0.0
    public var zRotation = 0.0
    public var xScale = 1.0
    public var yScale = 1.0
    public var alpha = 1.0
    public var isHidden = false
    public var isUserInteractionEnabled = false
    /// Multiplies the pace of this node's actions (and its children's).
    public var speed = 1.0
    /// Stops this node's actions (and its children's) where they are.
    public var isPaused = false
    public var userData: NSMutableDictionary?
    public private(set) var children: [SKNode] = []
    public private(set) weak var parent: SKNode?
    /// The actions running on this node (`run(_:)`), in the order they were started.
    var running: [RunningAction] = []

    public init() {}

    /// NSCoding's initializer, which SpriteKit requires of every node (a subclass that adds an initializer writes
    /// `required init?(coder:)`, as the book's scenes do). Nothing is archived here: a node made this way is empty.
    public required init?(coder aDecoder: NSCoder) {}

    /// The engine node that stands for this one in the particle layer: it draws a sprite or an emitter; a node that
    /// only groups others gets one that draws nothing, so it can still be an emitter's `targetNode`.
    var layerNode: LayerNode? { placeholder }
    private lazy var placeholder = LayerNode()

    /// The scene this node is in, if any.
    public var scene: SKScene? {
        var node: SKNode? = self
        while let n = node { if let s = n as? SKScene { return s }; node = n.parent }
        return nil
    }

    public func setScale(_ scale: Double) { xScale = scale; yScale = scale }

    public static func == (a: SKNode, b: SKNode) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    // MARK: The tree

    public func addChild(_ node: SKNode) { insertChild(node, at: children.count) }

    /// SpriteKit refuses a node that already has a parent (an exception); here it is one clear message and the
    /// node stays where it is.
    public func insertChild(_ node: SKNode, at index: Int) {
        guard node.parent == nil, node !== self else {
            SpriteKitLog.say("addChild: the node \(node.name.map { "'\($0)' " } ?? "")already has a parent; it is not added again")
            return
        }
        node.parent = self
        children.insert(node, at: max(0, min(index, children.count)))
        scene?.treeChanged()
    }

    public func removeFromParent() {
        guard let parent else { return }
        let scene = parent.scene
        parent.children.removeAll { $0 === self }
        self.parent = nil
        scene?.treeChanged()
    }

    public func removeAllChildren() { for child in children { child.removeFromParent() } }
    public func removeChildren(in nodes: [SKNode]) { for node in nodes where node.parent === self { node.removeFromParent() } }

    /// The first child named `name`; `//name` searches the whole subtree.
    public func childNode(withName name: String) -> SKNode? {
        var found: SKNode?
        enumerateChildNodes(withName: name) { node, stop in found = node; stop.pointee = true }
        return found
    }

    /// Calls `block` for each child named `name` (each descendant with `//name`), until it sets `stop`.
    public func enumerateChildNodes(withName name: String, using block: (SKNode, UnsafeMutablePointer<ObjCBool>) -> Void) {
        let deep = name.hasPrefix("//")
        let wanted = deep ? String(name.dropFirst(2)) : name
        var stop = ObjCBool(false)
        func visit(_ nodes: [SKNode]) {
            for node in nodes {
                if stop.boolValue { return }
                if wanted == "*" || node.name == wanted { block(node, &stop) }
                if deep { visit(node.children) }
            }
        }
        visit(children)
    }

    public func inParentHierarchy(_ node: SKNode) -> Bool {
        var n: SKNode? = self
        while let x = n { if x === node { return true }; n = x.parent }
        return false
    }

    // MARK: Geometry

    /// This node's space → its parent's.
    var localTransform: Affine2 {
        Affine2.node(position: Vector2(position.x, position.y), rotation: zRotation, xScale: xScale, yScale: yScale)
    }

    /// This node's space → the scene's (the scene's own coordinates, before its anchor point).
    var sceneTransform: Affine2 {
        var t = Affine2.identity
        var node: SKNode? = self
        while let n = node, !(n is SKScene) { t = n.localTransform.concatenating(t); node = n.parent }
        return t
    }

    /// `point` in `node`'s coordinates → this node's.
    public func convert(_ point: Point, from node: SKNode) -> Point {
        let v = sceneTransform.inverted.concatenating(node.sceneTransform).apply(Vector2(point.x, point.y))
        return Point(v.x, v.y)
    }

    /// `point` in this node's coordinates → `node`'s.
    public func convert(_ point: Point, to node: SKNode) -> Point { node.convert(point, from: self) }

    /// The box this node covers in its parent's coordinates (a plain node covers none: a zero rect at its position).
    open var frame: Rect { Rect(origin: position, size: .zero) }

    /// Whether `point` (in the parent's coordinates) lies in the node's frame.
    public func contains(_ point: Point) -> Bool {
        let f = frame
        return point.x >= f.minX && point.x <= f.maxX && point.y >= f.minY && point.y <= f.maxY
    }

    /// The descendants whose frame holds `point` (in this node's coordinates), frontmost first.
    public func nodes(at point: Point) -> [SKNode] {
        var hits: [(z: Double, order: Int, node: SKNode)] = []
        var order = 0
        func visit(_ node: SKNode, z: Double) {
            for child in node.children {
                let childZ = z + child.zPosition
                order += 1
                if child.contains(child.parent!.convert(point, from: self)) { hits.append((childZ, order, child)) }
                visit(child, z: childZ)
            }
        }
        visit(self, z: 0)
        return hits.sorted { ($0.z, $0.order) > ($1.z, $1.order) }.map(\.node)
    }

    /// The frontmost descendant at `point`, or this node when none is there.
    public func atPoint(_ point: Point) -> SKNode { nodes(at: point).first ?? self }

    // MARK: Touches (UIResponder's, which SKNode is on iOS)

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}
