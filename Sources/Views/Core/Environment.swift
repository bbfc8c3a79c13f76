import Stage

/// Values handed down the tree: a descendant inherits them unless it sets its own (spec 01 §0.3).
public struct EnvironmentValues: Equatable {
    /// nil: body (17 pt).
    public var font: Font?
    /// nil: the default for the view (black text and shapes, accent-coloured button labels).
    public var foregroundColor: Color?
    public var accentColor: Color = .blue
    /// Set by `.tint(_:)`/`.accentColor(_:)`: a segmented picker then draws the macOS look (Controls/Picker.swift).
    var tintIsExplicit = false
    public var isEnabled = true
    /// Set by `.bold()` / `.fontWeight` on a container.
    public var fontWeight: Font.Weight?
    var objects: [ObjectIdentifier: AnyObject] = [:]
    /// Set while resolving a button's label (its default colour is the accent colour).
    var inButtonLabel = false
    /// Icons' size relative to the font (`.imageScale(.large)` ≈ 1.3).
    var imageScaleFactor = 1.0
    /// `.pickerStyle(_:)` (Controls/Picker.swift).
    var pickerStyle = PickerStyleKind.automatic
    /// `.multilineTextAlignment(_:)`: where the lines of a wrapped or multi-line text sit in its frame.
    var multilineTextAlignment = TextAlignment.leading

    public static func == (a: EnvironmentValues, b: EnvironmentValues) -> Bool {
        a.font == b.font && a.foregroundColor == b.foregroundColor && a.accentColor == b.accentColor && a.tintIsExplicit == b.tintIsExplicit
            && a.isEnabled == b.isEnabled && a.fontWeight == b.fontWeight && a.inButtonLabel == b.inButtonLabel
            && a.imageScaleFactor == b.imageScaleFactor && a.pickerStyle == b.pickerStyle
            && a.multilineTextAlignment == b.multilineTextAlignment && a.objects.count == b.objects.count
            && a.objects.allSatisfy { b.objects[$0.key] === $0.value }
    }

    public init() {}

    /// The font text and icons use: the inherited one (else body) with the inherited weight.
    var resolvedFont: Font {
        var f = font ?? .body
        if let fontWeight { f.weight = fontWeight }
        return f
    }
}

public extension View {
    /// The font of every text inside that has none of its own.
    func font(_ font: Font?) -> some View { environment { $0.font = font } }
    /// The colour of text and shapes inside that have none of their own.
    func foregroundColor(_ color: Color?) -> some View { environment { $0.foregroundColor = color } }
    func foregroundStyle(_ color: Color) -> some View { foregroundColor(color) }
    func accentColor(_ color: Color?) -> some View {
        environment { $0.accentColor = color ?? .blue; $0.tintIsExplicit = color != nil }
    }
    func tint(_ color: Color?) -> some View { accentColor(color) }
    func disabled(_ disabled: Bool) -> some View { environment { if disabled { $0.isEnabled = false } } }
    func fontWeight(_ weight: Font.Weight?) -> some View { environment { $0.fontWeight = weight } }
    /// How the lines of texts inside line up with each other (SwiftUI's `multilineTextAlignment`); leading unless set.
    func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        environment { $0.multilineTextAlignment = alignment }
    }
    func bold(_ isActive: Bool = true) -> some View { environment { if isActive { $0.fontWeight = .bold } } }
    /// Makes `object` available to `@EnvironmentObject` properties of every view inside.
    func environmentObject<O: ObservableObject>(_ object: O) -> some View {
        environment { $0.objects[ObjectIdentifier(O.self)] = object }
    }
    internal func environment(_ change: @escaping (inout EnvironmentValues) -> Void) -> some View {
        EnvironmentModifier(content: self, change: change)
    }
}

struct EnvironmentModifier<Content: View>: View, PrimitiveView {
    let content: Content
    let change: (inout EnvironmentValues) -> Void
    func resolve(_ ctx: ResolveContext) -> [Element] {
        var inner = ctx
        change(&inner.environment)
        return inner.resolve(content)
    }
}

/// A model object put into the environment by an ancestor's `.environmentObject(_:)`.
@propertyWrapper
public struct EnvironmentObject<Object: ObservableObject>: DynamicProperty {
    let cell = StateCell<Object?>(nil)
    public init() {}
    public var wrappedValue: Object {
        guard let o = cell.value else { fatalError("No \(Object.self) in the environment: add .environmentObject(_:) above this view") }
        return o
    }
    func link(in host: ViewHost, key: ViewPath) {}
    func link(environment: EnvironmentValues, host: ViewHost) {
        guard let o = environment.objects[ObjectIdentifier(Object.self)] as? Object else { return }
        cell.willChange = nil
        cell.value = o
        ObjectChanges.observe(o, by: host)
    }
}

protocol EnvironmentLinked { func link(environment: EnvironmentValues, host: ViewHost) }
extension EnvironmentObject: EnvironmentLinked {}
