/// Scenes expose their animatable properties by "node.property" so the harness can read presented and model values
/// (spec README §3.2).
public protocol AnimatableProperties {
    func animatableProperty(_ key: String, at time: Double) -> (presented: Double, model: Double)?
}
