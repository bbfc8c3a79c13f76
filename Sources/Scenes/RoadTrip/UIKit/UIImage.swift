import Foundation
import Stage

/// An image asset of the app's bundle, in points (spec 06 §2.9, §2.10). `UIImage(named:)` picks the `@2x` file on
/// the Retina screen and falls back to the 1× one. An animated image is a frame sequence that loops for ever from
/// scene load: `duration` is one full cycle, so each frame shows for duration ÷ frame count.
final class UIImage {
    /// The Stage asset name of the file (e.g. `roadtrip/CarImage@2x`).
    let assetName: String
    let size: CGSize
    let scale: CGFloat
    /// The frames of an animated image (nil for a still one).
    let images: [UIImage]?
    let duration: TimeInterval

    private init(assetName: String, size: CGSize, scale: CGFloat, images: [UIImage]? = nil, duration: TimeInterval = 0) {
        self.assetName = assetName; self.size = size; self.scale = scale; self.images = images; self.duration = duration
    }

    /// `imageNamed:`; nil when neither the `@2x` nor the 1× file exists.
    convenience init?(named name: String) {
        let bundle = ResourceBundle.main
        let scales: [CGFloat] = UIScreen.main.scale >= 2 ? [2, 1] : [1]
        for s in scales {
            let asset = bundle.imageAssetName(name + (s == 2 ? "@2x" : ""))
            guard let url = bundle.assets.imageURL(named: asset) else { continue }
            let px = ImageHeader.size(of: url) ?? Size(0, 0)
            self.init(assetName: asset, size: CGSize(width: px.width / Double(s), height: px.height / Double(s)), scale: s)
            return
        }
        return nil
    }

    /// `animatedImageNamed:duration:`: frames `name0`, `name1`, … up to `name1024`, stopping at the first missing
    /// one. Nil when there is none, or when the frames differ in size or scale (an error, said once).
    static func animatedImageNamed(_ name: String, duration: TimeInterval) -> UIImage? {
        var frames: [UIImage] = []
        for i in 0...1024 {
            guard let frame = UIImage(named: "\(name)\(i)") else { break }
            frames.append(frame)
        }
        guard let first = frames.first else { return nil }
        if frames.contains(where: { $0.size != first.size || $0.scale != first.scale }) {
            UIApplication.shared.context.log.warning("animated image \(name): its frames differ in size or scale")
            return nil
        }
        return UIImage(assetName: first.assetName, size: first.size, scale: first.scale, images: frames, duration: duration)
    }

    /// The frame shown at `t` seconds since the scene loaded: floor(t ÷ (duration ÷ count)) mod count.
    func frameIndex(at t: Double) -> Int {
        guard let images, images.count > 1, duration > 0 else { return 0 }
        let perFrame = duration / Double(images.count)
        let k = Int((max(0, t) / perFrame + 1e-9).rounded(.down))
        return k % images.count
    }

    /// The still image shown at `t`.
    func frame(at t: Double) -> UIImage { images?[frameIndex(at: t)] ?? self }
}

/// An image view: not interactive by default (spec 06 §2.6); sized to its image; draws it stretched to its bounds.
final class UIImageView: UIView {
    var image: UIImage?

    init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    override func drawContent(at t: Double) {
        node.content = image.map { .image($0.frame(at: t).assetName, .stretch) } ?? .none
    }
}
