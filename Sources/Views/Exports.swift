// A scene file imports only `Views`: these are the engine's names it writes, as SwiftUI spells them.
@_exported import Motion
import Stage

public typealias Color = Stage.Color
public typealias Font = Stage.Font
public typealias Point = Stage.Point
public typealias Size = Stage.Size
public typealias Rect = Stage.Rect
public typealias Path = Stage.Path
public typealias StrokeStyle = Stage.StrokeStyle
public typealias Gradient = Stage.Gradient
public typealias CGFloat = Double

public extension Stage.Font {
    static func system(size: Double, weight: Weight = .regular, design: Design = .sans) -> Font {
        Font(size: size, weight: weight, design: design)
    }
    func bold() -> Font { weight(.bold) }
    func weight(_ w: Weight) -> Font { var f = self; f.weight = w; return f }
}
