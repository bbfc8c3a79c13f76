import Stage

extension Shadow {
    /// The shadow of a view drawn through an offscreen layer, whose pixels are output pixels. Its offset and σ are
    /// lengths of the view's own space, and transforms applied later act on the shadow too (README §3.9): the offset
    /// is carried through the transform at the view's centre (a belt's (1, 0) becomes (0, 1) once the belt is turned
    /// 90°, spec 02 §5.2) and σ is scaled by the transform's length scale there (σ 10 on a fixed canvas drawn at
    /// 600/844 blurs by 7.1 window pixels).
    func seen(through h: Homography, at centre: Point) -> Shadow {
        let o = h.apply(centre), p = h.apply(Point(centre.x + x, centre.y + y))
        return Shadow(color: color, radius: radius * h.lengthScale(near: centre), x: p.x - o.x, y: p.y - o.y)
    }
}
