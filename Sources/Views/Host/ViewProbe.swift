import Stage

extension ViewScene: Probeable {
    /// Every named element, then `text:`/`image:` entries for unnamed texts, text buttons and icons, in tree order
    /// (spec README §3.17). A text or icon that a named node stands for (its modifier chain reaches it) is listed
    /// once, under that name.
    public func probeAll(at time: Double) -> [ProbeReport] {
        host.update(size: root.frame.size)
        let state = host.stateValues()
        var out: [ProbeReport] = []
        func visit(_ e: Element, named: Bool, opacity: Double) {
            let o = opacity * e.ownOpacity(at: time)
            if let name = e.name {
                out.append(report(e, name: name, state: state, opacity: o))
            } else if named {
                // Listed under the name of the node above it.
            } else if let listing = e.probeListing {
                out.append(report(e, name: listing, state: [], opacity: o))
            }
            // The sole child of a named node's modifier chain is still that node.
            let chainGoesOn = (named || e.name != nil) && e.continuesModifierChain
            for c in e.children {
                visit(c, named: chainGoesOn && c === e.layoutChildren.first, opacity: o)
            }
        }
        visit(host.root, named: false, opacity: 1)
        return out
    }

    private func report(_ e: Element, name: String, state: [(key: String, value: ProbeValue)], opacity: Double) -> ProbeReport {
        let time = host.now
        // The modifier chain below the named element, innermost first (modifier order).
        var chain: [Element] = [e]
        while let only = chain.last, only.continuesModifierChain { chain.append(only.layoutChildren[0]) }
        // A transition running on the node or on a view around it (the row it came in with) moves it too: its
        // presented values follow the node's own, innermost first (README §3.17).
        let around = sequence(first: e, next: \.parent).dropFirst()
        var values: [(key: String, value: ProbeValue)] = []
        var seen: [String: Int] = [:]
        for (key, value) in chain.reversed().flatMap({ $0.probeValues(at: time) + $0.transition.probeValues(of: $0, at: time) })
            + around.flatMap({ $0.transition.probeValues(of: $0, at: time) }) {
            seen[key, default: 0] += 1
            values.append((seen[key]! == 1 ? key : "\(key).\(seen[key]!)", value))
        }
        let text = e.probeText ?? chain.lazy.compactMap(\.probeText).first
        let enabled = chain.lazy.compactMap { $0 as? any Focusable }.first?.isEnabled ?? true
        // The node's own modifiers count too: an opacity written before `.named` that has faded to 0 hides it.
        let shown = chain.dropFirst().reduce(opacity) { $0 * $1.ownOpacity(at: time) }
        return ProbeReport(name: name, frame: e.frame, drawn: e.drawnBounds(at: time) ?? e.frame, text: text,
                           hidden: shown <= 0.0005 || e.isScrolledOutOfView(at: time), enabled: enabled,
                           // A node's own `.probeState` wins over the scene's state of the same name (ProbeState.swift).
                           values: values + state.filter { s in !values.contains { $0.key == s.key } })
    }
}

extension Element {
    /// A modifier around one view (not a stack, a reader, a scroll view or a list, which hold rows however few): a
    /// named node's name covers it and its child.
    var continuesModifierChain: Bool { layoutChildren.count == 1 && !holdsRows }

    /// Opacity this element itself applies (opacity effects and transitions).
    func ownOpacity(at time: Double) -> Double { transition.opacity(at: time) * effectOpacity(at: time) }

    /// The box of what is drawn after every transform: the union of its leaves' frames.
    func drawnBounds(at time: Double) -> Rect? {
        let world = worldTransform(at: time)
        return bounds(under: world, time: time)
    }

    private func bounds(under h: Homography, time: Double) -> Rect? {
        let kids = layoutChildren
        if drawsWithinFrame {
            return frame.width >= 0 ? Painter.bounds(of: frame, under: h) : nil
        }
        var box: Rect?
        for c in kids {
            let ch = c.renderTransform(at: time).map { h * $0 } ?? h
            if let b = c.bounds(under: ch, time: time) { box = box.map { $0.union(b) } ?? b }
        }
        return box
    }
}

extension Rect {
    func union(_ r: Rect) -> Rect {
        let x0 = min(minX, r.minX), y0 = min(minY, r.minY)
        return Rect(x: x0, y: y0, width: max(maxX, r.maxX) - x0, height: max(maxY, r.maxY) - y0)
    }
}

extension ViewHost {
    /// The scene's own state variables (`state.NAME`): `@State` values and the `@Published` properties of its
    /// model objects, when they are a Bool, a number or a string.
    func stateValues() -> [(key: String, value: ProbeValue)] {
        var out: [(key: String, value: ProbeValue)] = []
        for (label, value) in stateEntries() {
            if let v = ProbeValue.StateValue(any: value) { out.append(("state." + label, .state(v))) }
            else if let object = value as? ObservableObject {
                for child in Mirror(reflecting: object).children {
                    guard let l = child.label, l.hasPrefix("_") else { continue }
                    let inner = Mirror(reflecting: child.value).children.first { $0.label == "value" }?.value
                    if let inner, let v = ProbeValue.StateValue(any: inner) { out.append(("state." + l.dropFirst(), .state(v))) }
                }
            }
        }
        return out
    }
}

extension ProbeValue.StateValue {
    init?(any value: Any) {
        switch value {
        case let b as Bool: self = .bool(b)
        case let d as Double: self = .number(d)
        case let i as Int: self = .number(Double(i))
        case let s as String: self = .string(s)
        default: return nil
        }
    }
}
