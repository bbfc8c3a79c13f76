import Stage

/// Which of the scene's own views a point lands on, by Swift type name, for the player's code panel ("show the code
/// of what I clicked"). Composite views are kept in an element's identity path as their types
/// (`ViewPath.Component.type`), so the innermost composite view of the scene's code above an element is the last such
/// component that names a type outside the engine's modules (the engine's own views, `Button`, `ModifiedContent<…>`,
/// are skipped). Which modules are the engine's is the caller's to say: the player knows them all, this layer only
/// those below it.
public extension ViewScene {
    /// The type name of the view the scene was made with (`ContentView`), nil before its first evaluation or when it is
    /// one of the engine's own views. A generic wrapper (`PhoneScreen<BreathingFlower>`, `PreviewCanvas<…>`) stands
    /// for what it wraps: the first plain scene type inside it.
    func rootViewTypeName(engineModules: Set<String>) -> String? {
        host.flush()
        var fallback: String?
        func visit(_ e: Element) -> String? {
            let types = ViewSourceNames.sceneTypes(in: e.path, engineModules: engineModules, keepingGenerics: true)
            if let plain = types.first(where: { !$0.contains("<") }) { return plain }
            if fallback == nil, let wrapper = types.first { fallback = ViewSourceNames.stripped(wrapper) }
            for c in e.children { if let found = visit(c) { return found } }
            return nil
        }
        for child in host.root.children { if let found = visit(child) { return found } }
        return fallback
    }

    /// What a press at `point` (scene coordinates) lands on: the innermost scene view type around the element that
    /// would take the press (else the frontmost element drawn there), and the nearest `.named` name within that view.
    /// (It only reads the element tree: the player asks before the press is delivered.)
    func sceneViewHit(at point: Point, engineModules: Set<String>) -> (typeName: String, elementName: String?)? {
        let time = host.now
        let root = host.root
        guard let element = root.hitTarget(point, time: time)?.0 ?? ViewSourceNames.frontmost(root, at: point, time: time)
        else { return nil }
        let types = ViewSourceNames.sceneTypes(in: element.path, engineModules: engineModules)
        guard let innermost = types.last else { return nil }
        // The nearest name on the way up that still belongs to the same view.
        var e: Element? = element
        var name: String?
        while let x = e {
            if ViewSourceNames.sceneTypes(in: x.path, engineModules: engineModules).last != innermost { break }
            if let n = x.name { name = n; break }
            e = x.parent
        }
        return (innermost, name)
    }
}

public enum ViewSourceNames {
    /// The modules at and below this layer, whose views are never a scene's own.
    public static let modulesBelowScenes: Set<String> = ["Swift", "Foundation", "Motion", "Particles", "Stage", "Views"]

    /// The scene types along an identity path, outermost first (`Scenes.HIITFit.ContentView` → `HIITFit.ContentView`),
    /// named without their module,
    /// without their generic arguments unless `keepingGenerics`.
    static func sceneTypes(in path: ViewPath, engineModules: Set<String>, keepingGenerics: Bool = false) -> [String] {
        path.components.compactMap { c -> String? in
            guard case let .type(view) = c else { return nil }
            return sceneTypeName(view.type, engineModules: engineModules, keepingGenerics: keepingGenerics)
        }
    }

    /// A type's name without its module (`Scenes.PipeSmokeScene` → `PipeSmokeScene`, `Elevator.ContentView` in a
    /// book project → `ContentView`), nil when the type is one of the engine's (its module is in `engineModules`).
    public static func sceneTypeName(_ type: Any.Type, engineModules: Set<String>, keepingGenerics: Bool = false) -> String? {
        let full = String(reflecting: type)
        guard let dot = full.firstIndex(of: "."), !engineModules.contains(String(full[..<dot])) else { return nil }
        let name = String(full[full.index(after: dot)...])
        return keepingGenerics ? name : stripped(name)
    }

    /// A type name without its generic arguments.
    static func stripped(_ name: String) -> String {
        name.firstIndex(of: "<").map { String(name[..<$0]) } ?? name
    }

    /// The deepest element whose drawing contains `p` (in `e`'s parent space), frontmost first.
    static func frontmost(_ e: Element, at p: Point, time: Double) -> Element? {
        guard !e.transition.isRemoving else { return nil }
        var q = p
        if let t = e.renderTransform(at: time) { guard let inv = t.inverted else { return nil }; q = inv.apply(p) }
        let ordered = e.children.enumerated().sorted { ($0.element.zIndex, $0.offset) > ($1.element.zIndex, $1.offset) }
        for (_, c) in ordered { if let hit = frontmost(c, at: q, time: time) { return hit } }
        return e.containsDrawn(q, time: time) ? e : nil
    }
}
