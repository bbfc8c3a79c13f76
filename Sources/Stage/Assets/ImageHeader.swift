import Foundation

/// Reads an image's pixel size from its PNG or JPEG header without decoding it (layout and tests need sizes
/// without a graphics backend).
public enum ImageHeader {
    /// The largest image the player decodes: 8192 pixels a side and 64 megapixels (a 256 MB texture at most).
    public static let maxSide = 8192.0
    public static let maxPixels = 64.0 * 1024 * 1024

    /// Whether an image of this size is within the budget.
    public static func isWithinBudget(_ s: Size) -> Bool {
        s.width <= maxSide && s.height <= maxSide && s.width * s.height <= maxPixels
    }

    public static func size(of url: URL) -> Size? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        let data = handle.readData(ofLength: 64 * 1024)
        let b = [UInt8](data)
        func be16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        // PNG: signature, then the IHDR chunk with width and height.
        if b.count >= 24, b[0] == 0x89, b[1] == 0x50, b[2] == 0x4E, b[3] == 0x47 {
            return Size(Double(be32(16)), Double(be32(20)))
        }
        // JPEG: walk the segments to a start-of-frame marker.
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
                return Size(Double(be16(i + 7)), Double(be16(i + 5)))
            }
            i += 2 + be16(i + 2)
        }
        return nil
    }
}
