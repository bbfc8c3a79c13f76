import Foundation

/// Walks a node tree and turns it into triangle batches for a `Renderer`.
@MainActor
public final class Painter {
    private var tess = Tessellator()
    public init() {}

    /// Draws `root` and its subtree. `base` maps root space to output pixels (e.g. a fixed canvas's scale).
    public func draw(_ root: Node, on renderer: Renderer, time: Double, base: Homography = .identity, clip: Rect? = nil) {
        renderer.setClip(clip)
        visit(root, renderer, base, 1, .white, clip, time)
        renderer.setClip(nil)
    }

    private func visit(_ node: Node, _ r: Renderer, _ parent: Homography, _ parentOpacity: Double, _ parentTint: Color,
                       _ clip: Rect?, _ time: Double) {
        guard !node.isHidden else { return }
        let transform = parent * node.localTransform
        let opacity = parentOpacity * node.opacity * node.interactionOpacity(at: time)
        guard opacity > 0.001 else { return }
        let tint = Color(r: parentTint.r * node.tint.r, g: parentTint.g * node.tint.g, b: parentTint.b * node.tint.b,
                         a: parentTint.a * node.tint.a)
        let outer = clip
        var clip = clip
        if node.clipsToBounds {
            let box = Painter.bounds(of: node.frame, under: transform)
            clip = clip.map { $0.intersection(box) } ?? box
            r.setClip(clip)
        }
        drawContent(node, r, transform, opacity, tint)
        node.drawCustom(transform: transform, opacity: opacity, renderer: r)
        for child in node.children { visit(child, r, transform, opacity, tint, clip, time) }
        if node.clipsToBounds { r.setClip(outer) }
    }

    private func drawContent(_ node: Node, _ r: Renderer, _ h: Homography, _ opacity: Double, _ tint: Color) {
        switch node.content {
        case .none:
            break
        case let .image(name, _):
            let imageSize = r.imageSize(name)
            let rect = node.contentRect(imageSize: imageSize)
            guard rect.width > 0, rect.height > 0, imageSize.width > 0, imageSize.height > 0 else { return }
            if let s = node.shadow, s.color.a > 0 {
                let q = ShadowGeometry.quad(for: s, imageIn: rect, imageSize: imageSize)
                texturedRect(q.rect, h, s.color.opacity(opacity), .shadow(image: name, sigma: q.sigma), r, node.blend)
            }
            texturedRect(rect, h, tint.opacity(opacity), .image(name), r, node.blend)
        case let .shape(shape, fill, stroke):
            let scale = h.lengthScale(near: node.frame.center)
            let outline = shape.outline(in: node.frame, pixelScale: scale).map(h.apply)
            tess.reset()
            if let fill { tess.fill(outline, color: multiply(fill, tint).opacity(opacity)) }
            if let stroke { tess.stroke(outline, width: stroke.width * scale, color: multiply(stroke.color, tint).opacity(opacity)) }
            if !tess.indices.isEmpty { r.drawTriangles(tess.vertices, indices: tess.indices, texture: nil, blend: node.blend) }
        case let .text(string, font, color):
            guard !string.isEmpty else { return }
            let size = r.measure(string, font: font)
            var rect = Rect(center: node.frame.center, size: size)
            switch node.textAlignment {
            case .leading: rect.origin.x = node.frame.minX
            case .trailing: rect.origin.x = node.frame.maxX - size.width
            case .center: break
            }
            texturedRect(rect, h, multiply(color, tint).opacity(opacity), .text(string, font), r, node.blend, maximum: 8)
        }
    }

    private func texturedRect(_ rect: Rect, _ h: Homography, _ color: Color, _ texture: TextureSource,
                              _ r: Renderer, _ blend: BlendMode, maximum: Int = 16) {
        tess.reset()
        tess.texturedRect(rect, under: h, color: color, maximum: maximum)
        r.drawTriangles(tess.vertices, indices: tess.indices, texture: texture, blend: blend)
    }

    private func multiply(_ c: Color, _ tint: Color) -> Color {
        Color(r: c.r * tint.r, g: c.g * tint.g, b: c.b * tint.b, a: c.a * tint.a)
    }

    /// Axis-aligned bounds of a rect after a transform.
    public static func bounds(of rect: Rect, under h: Homography) -> Rect {
        let pts = [Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY), Point(rect.maxX, rect.maxY),
                   Point(rect.minX, rect.maxY)].map(h.apply)
        let xs = pts.map(\.x), ys = pts.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
