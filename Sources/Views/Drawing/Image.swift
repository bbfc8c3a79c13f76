import Foundation
import Stage

/// A picture by asset name, or an icon standing in for an SF Symbol (`Image(systemName:)`, spec README §3.11):
/// original art, tinted with the foreground colour when it is a template.
public struct Image: View, PrimitiveView {
    enum Source: Hashable { case asset(String), symbol(String) }
    public enum TemplateRenderingMode: Hashable { case template, original }
    public enum Scale: Hashable { case small, medium, large }
    let source: Source
    var isResizable = false
    var renderingMode: TemplateRenderingMode?

    public init(_ name: String) { source = .asset(name) }
    public init(systemName: String) { source = .symbol(systemName) }

    public func resizable() -> Image { var i = self; i.isResizable = true; return i }
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image { var i = self; i.renderingMode = mode; return i }

    func resolve(_ ctx: ResolveContext) -> [Element] {
        let e = ctx.element(ImageElement.self) { ImageElement(path: $0, host: $1) }
        e.isResizable = isResizable
        switch source {
        case let .asset(name):
            e.asset = name
            e.symbol = nil
            e.tint = renderingMode == .template ? ctx.environment.defaultForeground : nil
        case let .symbol(name):
            e.asset = Image.assetName(symbol: name)
            e.symbol = name
            e.symbolSize = ctx.environment.resolvedFont.size * ctx.environment.imageScaleFactor
            let template = renderingMode.map { $0 == .template } ?? !Image.multicolour.contains(name)
            e.tint = template ? ctx.environment.defaultForeground : nil
        }
        if let tint = e.tint { e.properties.set("color", tint, ctx) }
        return [e]
    }

    /// Symbols whose art has its own colours (drawn untinted).
    static let multicolour: Set<String> = ["ladybug.fill", "rectangle.inset.filled.and.person.filled"]

    /// The bundled art for a symbol (spec 01 Appendix A names), e.g. `cloud.moon.rain.fill` → `icons/icon_cloud_moon_rain`.
    static func assetName(symbol: String) -> String {
        let known = ["rectangle.inset.filled.and.person.filled": "rect_person", "play.circle.fill": "play_circle_fill",
                     "stop.fill": "stop_fill",
                     // Outlined and filled circled digits differ (HIITFit's header).
                     "1.circle.fill": "1_circle_fill", "2.circle.fill": "2_circle_fill", "3.circle.fill": "3_circle_fill",
                     "4.circle.fill": "4_circle_fill", "star.fill": "star_fill"]
        if let k = known[symbol] { return "icons/icon_" + k }
        var base = symbol
        if base.hasSuffix(".fill") && base != "play.circle.fill" { base.removeLast(5) }
        return "icons/icon_" + base.replacingOccurrences(of: ".", with: "_")
    }
}

public extension View {
    /// The size of icons inside (large ≈ 1.3× the font size).
    func imageScale(_ scale: Image.Scale) -> some View {
        environment { $0.imageScaleFactor = scale == .large ? 1.3 : scale == .small ? 0.8 : 1 }
    }
}

final class ImageElement: Element {
    var asset = ""
    var symbol: String?
    var symbolSize = 17.0
    var isResizable = false
    var tint: Color?

    /// An icon is listed by its symbol's name; an asset picture only when named.
    override var probeListing: String? { symbol.map { "image:" + $0 } }
    override var drawsWithinFrame: Bool { true }
    override var drawsPicture: Bool { true }

    /// The picture's own size in points (an icon: font size tall, with the art's aspect).
    var intrinsicSize: Size {
        let px = host.imageSize(asset)
        guard let symbol = symbol, !symbol.isEmpty, px.height > 0 else { return px }
        return Size(symbolSize * px.width / px.height, symbolSize)
    }

    override func sizeThatFits(_ p: ProposedSize) -> Size {
        isResizable ? p.replacingUnspecified(by: intrinsicSize) : intrinsicSize
    }

    override func drawContent(_ dc: DrawContext) { drawLeaf(dc, render) }

    private func render(_ dc: DrawContext) {
        guard frame.width > 0, frame.height > 0 else { return }
        let color = dc.paint(properties.color("color", at: dc.time) ?? .white)
        var tess = Tessellator()
        if let s = dc.shadow, s.color.a > 0 { drawShadow(s, dc) }
        // Tilted in perspective: as fine a grid as its size and steepness on screen need (Homography.gridCells).
        tess.texturedRect(frame, under: dc.transform, color: color)
        dc.list.add(tess, texture: .image(asset), clip: dc.clip)
    }

    /// The alpha silhouette blurred with σ = radius (in image pixels for the texture), offset, beneath the image.
    private func drawShadow(_ s: Shadow, _ dc: DrawContext) {
        let px = host.imageSize(asset)
        guard px.width > 0 else { return }
        let (r, sigma) = ShadowGeometry.quad(for: s, imageIn: frame, imageSize: px)
        var tess = Tessellator()
        tess.texturedRect(r, under: dc.transform, color: dc.paint(s.color))
        dc.list.add(tess, texture: .shadow(image: asset, sigma: sigma), clip: dc.clip)
    }

    override func containsDrawn(_ point: Point, time: Double) -> Bool { frame.contains(point) }
}
