import Stage

/// What a compiled book project offers the player: its app (from `@main`) and its previews. The code `zoetrope run`
/// compiles registers itself here when the player loads it; the player then asks for the entries.
public final class BookProject {
    /// The project being loaded: each build registers into a fresh one.
    public static var loading = BookProject()

    public var app: (any App.Type)?
    public private(set) var previews: [(name: String, make: @MainActor @Sendable () -> any View)] = []

    public init() {}

    /// Called by the code `zoetrope run` generates, once per `PreviewProvider`.
    public func addPreview<P: PreviewProvider>(_ provider: P.Type, name: String) {
        previews.append((name, { P.previews }))
    }

    /// The app's window first (id `app`), then one entry per preview (its provider's name), each a view scene at
    /// an iPhone's 390×844 points unless `size` says otherwise. `file` is a source file of the project (for the
    /// code panel).
    public func entries(title: String, size: Size?, file: String?) -> [SceneEntry] {
        let chapter = "Your project"
        let size = size ?? Size(390, 844)
        var out: [SceneEntry] = []
        if let app {
            let info = SceneInfo(id: "app", chapter: chapter, title: title, referenceSize: size, mapping: .responsive)
            out.append(SceneEntry(info: info, file: file) { context in
                // One app value per run of the scene, as one process has one on iOS; its body is read anew with
                // each evaluation of the window's content.
                let instance = app.init()
                return ViewScene(context: context) { instance.windowContent() ?? EmptyView() }
            })
        }
        for preview in previews {
            let info = SceneInfo(id: preview.name, chapter: chapter, title: "\(title): \(preview.name)",
                                 referenceSize: size, mapping: .responsive)
            out.append(SceneEntry(info: info, file: file) { context in ViewScene(context: context, content: preview.make) })
        }
        return out
    }
}
