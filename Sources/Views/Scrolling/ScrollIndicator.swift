import Stage

/// The thin scroll indicator: a 3-pt dark capsule 3 pt inside the trailing edge, its length the visible share of
/// the content (at least 36 pt, shorter while rubber-banding past an end). It shows while the view scrolls and
/// fades out after: fully drawn until `indicatorHold` after the motion stops, then gone over `indicatorFade`. The
/// fade is a closed-form function of time and its end is part of `extraAnimationEnd`, so the host draws it and
/// then sleeps.
extension ScrollElement {
    static let indicatorWidth = 3.0
    static let indicatorInset = 3.0
    static let indicatorMinLength = 36.0
    static let indicatorHold = 0.5
    static let indicatorFade = 0.3
    /// iOS's default (dark) indicator on light content.
    static let indicatorColor = Color(r: 0, g: 0, b: 0, a: 0.35)

    /// Keeps the indicator up until `end` (the end of the current motion) plus the hold time.
    func showIndicator(until end: Double, time: Double) {
        guard showsIndicators, maxOffset > 0 else { return }
        indicatorShownUntil = max(indicatorShownUntil, end + Self.indicatorHold)
        host.noteAnimation(until: indicatorShownUntil + Self.indicatorFade)
    }

    /// 1 while shown, then a linear fade to 0.
    func indicatorOpacity(at time: Double) -> Double {
        guard indicatorShownUntil.isFinite else { return 0 }
        if time <= indicatorShownUntil { return 1 }
        return max(0, 1 - (time - indicatorShownUntil) / Self.indicatorFade)
    }

    /// The indicator's rectangle at `time` (nil: nothing to scroll).
    func indicatorRect(at time: Double) -> Rect? {
        guard maxOffset > 0, frame.height > 2 * Self.indicatorInset else { return nil }
        let track = frame.height - 2 * Self.indicatorInset
        let y = offset.value(at: time)
        // Past an end the bar shortens by the overshoot, as iOS's does.
        let overshoot = y < 0 ? -y : max(0, y - maxOffset)
        var length = max(Self.indicatorMinLength, track * frame.height / contentHeight)
        length = max(Self.indicatorWidth * 2, min(length, track) - overshoot)
        let progress = min(max(y / maxOffset, 0), 1)
        return Rect(x: frame.maxX - Self.indicatorInset - Self.indicatorWidth,
                    y: frame.minY + Self.indicatorInset + (track - length) * progress,
                    width: Self.indicatorWidth, height: length)
    }

    func drawIndicator(_ dc: DrawContext) {
        let o = indicatorOpacity(at: dc.time)
        guard o > 0.0005, let r = indicatorRect(at: dc.time) else { return }
        var dc = dc
        dc.opacity *= o
        dc.fill(.roundedRect(r, cornerRadius: Self.indicatorWidth / 2), Self.indicatorColor)
    }
}
