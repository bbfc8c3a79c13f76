import Foundation

/// How an image fills its node's frame.
public enum ContentMode: Sendable { case stretch, aspectFit, aspectFill }

/// A render-only transform, written like SwiftUI's modifiers. Anchors are unit points of the node's layout frame.
public enum TransformModifier {
    case offset(Double, Double)
    case scale(Double, Double, anchor: Point = Point(0.5, 0.5))
    case rotation(degrees: Double, anchor: Point = Point(0.5, 0.5))
    /// `rotation3DEffect` with anchorZ 0 and perspective 1: the eye sits at max(frame width, frame height).
    case rotation3D(degrees: Double, axis: (x: Double, y: Double, z: Double), anchor: Point = Point(0.5, 0.5))
}

/// A soft shadow (spec README §3.9): the content's alpha silhouette in `color`, blurred with σ = radius, offset.
public struct Shadow: Sendable {
    public var color: Color
    public var radius: Double
    public var x: Double
    public var y: Double
    public init(color: Color = .defaultShadow, radius: Double, x: Double = 0, y: Double = 0) {
        self.color = color; self.radius = radius; self.x = x; self.y = y
    }
}

public enum TextAlignment: Sendable { case leading, center, trailing }

/// What a node draws itself, before its children.
public enum NodeContent {
    case none
    case image(String, ContentMode)
    case shape(Shape, fill: Color?, stroke: Stroke?)
    case text(String, Font, Color)
}

/// One element of a scene: a layout frame in its parent's space, render-only transforms, opacity, optional clip,
/// content and children drawn in order (later children on top). Nodes live on the main thread, where the scene that
/// owns them runs (as UIKit's views do).
@MainActor
open class Node {
    public var name: String?
    public var frame: Rect
    public var content: NodeContent
    /// Applied inside-out in the order written (the first is innermost), like SwiftUI modifiers.
    public var transforms: [TransformModifier] = []
    public var opacity: Double = 1
    public var isHidden = false
    /// Clip children (and content) to the frame.
    public var clipsToBounds = false
    public var shadow: Shadow?
    /// Multiplies every colour this node and its children draw (image tinting).
    public var tint: Color = .white
    public var blend: BlendMode = .alpha
    /// Where a text line sits horizontally in the frame (vertically it is always centred).
    public var textAlignment: TextAlignment = .center
    public private(set) var children: [Node] = []
    public private(set) weak var parent: Node?

    public init(name: String? = nil, frame: Rect = .zero, content: NodeContent = .none) {
        self.name = name; self.frame = frame; self.content = content
    }

    public func add(_ child: Node) {
        child.parent?.remove(child)
        child.parent = self
        children.append(child)
    }
    public func add(_ nodes: [Node]) { nodes.forEach(add) }
    public func remove(_ child: Node) {
        children.removeAll { $0 === child }
        child.parent = nil
    }
    public func removeAllChildren() { children.forEach { $0.parent = nil }; children.removeAll() }

    /// Depth-first search by name (this node included).
    public func find(_ name: String) -> Node? {
        if self.name == name { return self }
        for c in children { if let n = c.find(name) { return n } }
        return nil
    }

    /// The render transform from this node's parent space, built from its modifiers.
    public var localTransform: Homography {
        var h = Homography.identity
        for t in transforms {
            switch t {
            case let .offset(dx, dy):
                h = .translation(dx, dy) * h
            case let .scale(sx, sy, anchor):
                h = .scale(sx, sy, about: frame.point(at: anchor)) * h
            case let .rotation(deg, anchor):
                h = .rotation(degrees: deg, about: frame.point(at: anchor)) * h
            case let .rotation3D(deg, axis, anchor):
                h = .rotation3D(degrees: deg, axis: axis, about: frame.point(at: anchor),
                                eyeDistance: max(frame.width, frame.height)) * h
            }
        }
        return h
    }

    /// The transform from this node's space to the root's.
    public var worldTransform: Homography {
        var h = localTransform
        var p = parent
        while let n = p { h = n.localTransform * h; p = n.parent }
        return h
    }

    /// Opacity with every ancestor's applied.
    public var worldOpacity: Double {
        var o = opacity, p = parent
        while let n = p { o *= n.opacity; p = n.parent }
        return o
    }

    /// The rect the content is drawn in (an aspect-fit image sits centred in the frame).
    public func contentRect(imageSize: Size) -> Rect {
        guard case let .image(_, mode) = content else { return frame }
        switch mode {
        case .stretch: return frame
        case .aspectFit: return frame.aspectFit(imageSize)
        case .aspectFill: return frame.aspectFill(imageSize)
        }
    }

    /// Whether a point in root space hits this node's frame after its transforms.
    public func hitTest(_ rootPoint: Point) -> Bool {
        guard !isHidden, let inv = worldTransform.inverted else { return false }
        return frame.contains(inv.apply(rootPoint))
    }

    // MARK: Input (overridden by interactive nodes such as `DragArea`)

    /// Whether this node takes pointer input.
    open var isInteractive: Bool { false }
    /// Whether the node would take input, were it not switched off; probes report it as `enabled`.
    open var isEnabled: Bool { true }
    /// The text probes report for the node: a text node's own; a labelled control overrides it with its label's.
    open var probeText: String? {
        if case let .text(s, _, _) = content { return s }
        return nil
    }
    open func pointerPressed(at point: Point, time: Double) {}
    open func pointerMoved(to point: Point, time: Double) {}
    /// `inside`: released over the node's hit area.
    open func pointerReleased(at point: Point, inside: Bool, time: Double) {}
    open func pointerCancelled(time: Double) {}
    /// Mouse wheel over the node; return true when consumed.
    open func scrolled(by lines: Double, time: Double) -> Bool { false }
    /// Mouse wheel at `point` (scene coordinates), for nodes that route it further (a view tree); by default
    /// `scrolled(by:time:)`.
    open func scrolled(by lines: Double, at point: Point, time: Double) -> Bool { scrolled(by: lines, time: time) }
    /// Drawing beyond `content`, after it and before the children (particle layers); `transform` maps the node's
    /// space to the output.
    open func drawCustom(transform: Homography, opacity: Double, renderer: Renderer) {}

    /// Opacity the node adds while drawn (pressed looks); 1 when idle.
    open func interactionOpacity(at time: Double) -> Double { 1 }
}

public extension Node {
    /// The first text among the node's descendants, breadth first: what a control whose children are its label
    /// reports as its `probeText`.
    var labelText: String? {
        var queue = children
        while !queue.isEmpty {
            let n = queue.removeFirst()
            if case let .text(s, _, _) = n.content { return s }
            queue += n.children
        }
        return nil
    }
}
