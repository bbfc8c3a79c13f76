import Stage

public extension Stage.Color {
    /// A colour of the asset catalog (`Color("drumColor")` reads `drumColor.colorset`), looked up in the running
    /// scene's assets. A missing one is said once and drawn clear, as an unknown image is left out.
    init(_ name: String) {
        guard let scene = ViewScene.running else { self = .clear; return }
        let context = scene.context
        if let folder = context.assets.colorSetURL(named: name), let color = ColorSet.load(folder) {
            self = color
        } else {
            context.log.warning("no colour named \"\(name)\" in the asset catalogs (a .colorset); drawn clear")
            self = .clear
        }
    }
}
