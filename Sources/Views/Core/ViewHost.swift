import Motion
import Stage

/// Runs one view tree: keeps elements and state by identity, re-evaluates after changes with each change's
/// transaction, lays out, and knows when nothing will change until a given time (so a still scene costs nothing).
public final class ViewHost {
    let context: SceneContext
    private let makeRoot: () -> any View
    /// The root of the tree: its content centred in the content area (frames are rounded to the pixel grid).
    lazy var root = Element(path: ViewPath(), host: self)
    var table: [ViewPath: Element] = [:]
    var cells: [ViewPath: AnyObject] = [:]
    /// View types known to have no `@State`/model properties (their values are not reflected again).
    private var plainTypes: Set<ObjectIdentifier> = []
    private(set) var generation = 0
    /// Scene time of the changes being applied (animations start here).
    private(set) var changeTime = 0.0
    private var dirty = true
    private var pendingTransaction = Transaction()
    private var pendingTime = 0.0
    private var evaluating = false
    private var queued: [() -> Void] = []
    /// True when the tree must be laid out again before drawing.
    private(set) var needsLayout = true
    private var laidOutSize: Size?
    /// Counts of work done, for tests and benchmarks.
    public internal(set) var stats = (evaluations: 0, layouts: 0, draws: 0)
    let text: TextMeasurer
    /// The haptics and system sounds of the tree's code, in the root environment (`EnvironmentValues.deviceFeedback`).
    public let deviceFeedback: DeviceFeedback

    public init(context: SceneContext, root: @escaping () -> any View) {
        self.context = context
        makeRoot = root
        deviceFeedback = DeviceFeedback(sound: context.sound, clock: context.clock)
        text = TextMeasurer(measure: { context.measure($0, $1) }, version: { context.measureVersion },
                            hasImage: { context.assets.imageURL(named: $0) != nil })
    }

    var clock: Clock { context.clock }
    var now: Double { clock.now }

    // MARK: Changes

    /// Called before any state this host draws from changes.
    func willChange() {
        let tx = Transaction.current, t = now
        if dirty && !evaluating && (tx != pendingTransaction || t != pendingTime) { flush() }
        if !dirty { pendingTransaction = tx; pendingTime = t }
        dirty = true
    }

    /// Applies pending changes: re-evaluates the tree with their transaction, then runs the handlers it queued
    /// (onAppear, onChange), which may change state again.
    public func flush() {
        var rounds = 0
        while dirty && !evaluating && rounds < 64 {
            rounds += 1
            dirty = false
            changeTime = pendingTime
            evaluating = true
            withTransaction(pendingTransaction) { evaluate() }
            evaluating = false
            let handlers = queued
            queued = []
            for h in handlers { h() }
        }
    }

    /// Work to run after the current evaluation (handlers must not change state while views are resolved).
    func enqueue(_ work: @escaping () -> Void) { queued.append(work) }

    private func evaluate() {
        generation += 1
        stats.evaluations += 1
        // Usually only the views whose state changed are evaluated (InPlaceEvaluation.swift); else the whole tree,
        // reusing what those did.
        if !evaluateInPlace() { evaluateTree() }
        changedViews.removeAll()
        evaluatedAlone.removeAll()
        dirtyPaths.removeAll()
        needsLayout = true
        // A change may have cancelled running animations: find the real end (only when one might still run).
        if animationEnd > changeTime {
            animationEnd = root.latestAnimationEnd()
            endSearchedAt = (generation, treeChanges)
        }
    }

    private func evaluateTree() {
        var environment = EnvironmentValues()
        environment.deviceFeedback = deviceFeedback
        let ctx = ResolveContext(host: self, path: ViewPath(), environment: environment,
                                 transaction: Transaction.current, stackAxis: nil)
        // Alerts and sheets are drawn above the content and take input first (Presentation/Presenter.swift).
        root.setChildren(ctx.resolve(makeRoot()) + presentedOverlays(), ctx)
        table = table.filter { $0.value.generation == generation }
        records = records.filter { composites[$0.key] == generation }
        composites = composites.filter { $0.value == generation }
        // State belongs to a view while it is in the tree: one that left and comes back starts afresh.
        owners = owners.filter { $0.value == generation }
        cells = cells.filter { key, _ in owners[key.droppingLast()] != nil }
    }

    /// Elements in the tree now (benchmarks report it).
    public var elementCount: Int { table.count }

    // MARK: Identity

    func element<E: Element>(at path: ViewPath, _ make: (ViewPath, ViewHost) -> E) -> E {
        if !recording.isEmpty { recording[recording.count - 1].paths.append(path) }
        if let e = table[path] as? E, e.generation != generation {
            e.generation = generation
            e.contentStamp += 1
            e.markLayoutDirty()
            return e
        }
        let e = make(path, self)
        e.generation = generation
        e.transition.createdIn = generation
        table[path] = e
        return e
    }

    func stateCell<V>(_ key: ViewPath, _ fresh: StateCell<V>) -> StateCell<V> {
        if let c = cells[key] as? StateCell<V> { return c }
        let owner = key.droppingLast()
        fresh.willChange = { [unowned self] in willChange(); markDirty(owner) }
        cells[key] = fresh
        return fresh
    }

    /// The current values of every `@State`/`@StateObject`, by property name (without the underscore).
    func stateEntries() -> [(String, Any)] {
        cells.compactMap { key, cell in
            guard case let .named(label)? = key.components.last else { return nil }
            let value = (cell as? AnyStateCell)?.anyValue
            let unwrapped = value.flatMap { v -> Any? in
                let m = Mirror(reflecting: v)
                return m.displayStyle == .optional ? m.children.first?.value : v
            }
            return unwrapped.map { (String(label.dropFirst()), $0) }
        }.sorted { $0.0 < $1.0 }
    }

    /// Composite views with state, by the generation that last evaluated them (their cells live while they do).
    var owners: [ViewPath: Int] = [:]

    /// Connects the `@State`/`@StateObject`/`@EnvironmentObject` properties of a view value to their storage.
    func linkProperties(of view: any View, at path: ViewPath, environment: EnvironmentValues) {
        owners[path] = generation
        if !recording.isEmpty { recording[recording.count - 1].owners.append(path) }
        let typeID = ObjectIdentifier(type(of: view))
        if plainTypes.contains(typeID) { return }
        var found = false
        // A modifier's properties (`.modifier(M())`) belong to the view it is applied to.
        var children = Array(Mirror(reflecting: view).children)
        if let modifier = (view as? any ModifierApplying)?.appliedModifier { children += Mirror(reflecting: modifier).children }
        for child in children {
            guard let label = child.label else { continue }
            if let d = child.value as? DynamicProperty {
                d.link(in: self, key: path.appending(.named(label)))
                found = true
            }
            if let e = child.value as? EnvironmentLinked {
                e.link(environment: environment, host: self)
                found = true
            }
            if let o = (child.value as? ObjectHolder)?.heldObject {
                objectPaths[ObjectIdentifier(o), default: []].insert(path)
            }
        }
        if !found { plainTypes.insert(typeID) }
    }

    // MARK: Input

    private var router = PointerRouter()
    /// Keyboard focus: Tab order, keys and typed text for the focused control (Controls/Focus.swift).
    lazy var focus = FocusController(host: self)
    /// What is drawn above the tree and takes all input while shown (an open menu picker's list).
    weak var popup: (any PopupPresenting)?
    /// The `.alert`/`.sheet` modifiers of the tree and their overlays (Presentation/Presenter.swift).
    let presentations = PresentationRegistry()

    /// Pointer input in content coordinates at the current time. Actions run now; their changes are applied with
    /// the click's time as the animations' start (spec README §3.2 time origin).
    public func pointer(_ event: PointerEvent) {
        let t = now
        // An open popup (a menu picker's list) takes every pointer event (Controls/PickerMenu.swift).
        if popupPointer(event) { flush(); return }
        switch event {
        case let .press(p): router.press(p, in: root, time: t)
        case let .move(p): router.move(p, time: t)
        case let .release(p): router.release(p, time: t)
        case .cancel: router.cancel()
        case let .wheel(p, lines): _ = scroll(at: p, lines: lines)
        }
        flush()
    }

    /// Something drawn changed without a state change (a pressed look): draw again.
    func redraw() { needsDraw = true }
    /// True when the display list must be rebuilt.
    var needsDraw = true
    var wasAnimatingAtLastDraw = false

    // MARK: Assets

    private var imageSizes: [String: Size] = [:]

    /// An image's size in pixels (1 px = 1 pt); the placeholder's 64×64 when it cannot be read.
    func imageSize(_ name: String) -> Size {
        if let s = imageSizes[name] { return s }
        // Missing, unreadable or over the budget: the backend draws its 64×64 placeholder.
        let s = context.assets.imageURL(named: name).flatMap(ImageHeader.size(of:)).flatMap {
            ImageHeader.isWithinBudget($0) ? $0 : nil
        } ?? Size(64, 64)
        imageSizes[name] = s
        return s
    }

    // MARK: Re-evaluating only what changed

    /// What a composite view produced last time, to reuse while its value, environment and state are unchanged,
    /// and to evaluate it again on its own from the same value and context when its state changes.
    struct Record {
        /// The view value, kept alive so that the objects it holds stay the same objects while it is compared.
        var value: any View
        var environment: EnvironmentValues
        var stackAxis: Axis?
        var inheritsTransaction: Bool
        var elements: [Element]
        var paths: [ViewPath]
        var owners: [ViewPath]
        var composites: [ViewPath]
    }
    var records: [ViewPath: Record] = [:]
    /// Composite views in the tree, by the generation that last evaluated or reused them.
    var composites: [ViewPath: Int] = [:]
    private var recording: [(path: ViewPath, paths: [ViewPath], owners: [ViewPath], composites: [ViewPath], reusable: Bool)] = []
    /// Composite views whose state changed since the last evaluation, with every ancestor.
    var dirtyPaths: Set<ViewPath> = []
    /// The views (or elements) marked themselves, without their ancestors.
    var changedViews: Set<ViewPath> = []
    /// Composite views evaluated on their own in this evaluation (InPlaceEvaluation.swift).
    var evaluatedAlone: Set<ViewPath> = []
    private var objectPaths: [ObjectIdentifier: Set<ViewPath>] = [:]

    func markDirty(_ path: ViewPath) {
        changedViews.insert(path)
        var p = path
        while dirtyPaths.insert(p).inserted, !p.components.isEmpty { p = p.droppingLast() }
    }

    /// An observed object is about to change: the views that hold it must be evaluated again.
    func objectWillChange(_ id: ObjectIdentifier) {
        willChange()
        for p in objectPaths[id] ?? [] { markDirty(p) }
    }

    /// The elements of a composite view whose value (compared bytewise as SwiftUI does: the same plain data and the
    /// same objects), environment and state are as at the last evaluation: its body is not evaluated again.
    func reuse(_ view: any View, at path: ViewPath, environment: EnvironmentValues) -> [Element]? {
        composites[path] = generation
        if !recording.isEmpty { recording[recording.count - 1].composites.append(path) }
        guard let rec = records[path] else { return nil }
        // Just evaluated on its own from the value its parent gave it before (its parent, not changed itself, gives
        // it the same data again, if in fresh boxes): what it made stands.
        if !evaluatedAlone.contains(path) {
            guard !dirtyPaths.contains(path), rec.environment == environment, sameViewValue(view, rec.value),
                  rec.paths.allSatisfy({ table[$0] != nil }) else { return nil }
        }
        for p in rec.paths { table[p]?.generation = generation }
        for o in rec.owners { owners[o] = generation }
        for c in rec.composites { composites[c] = generation }
        if !recording.isEmpty {
            recording[recording.count - 1].paths += rec.paths
            recording[recording.count - 1].owners += rec.owners
            recording[recording.count - 1].composites += rec.composites
        }
        return rec.elements
    }

    func beginComposite(_ path: ViewPath) { recording.append((path, [], [], [], true)) }

    /// Content built during layout (a GeometryReader's) is not known at evaluation: its composites are always
    /// evaluated again.
    func preventReuse() { for i in recording.indices { recording[i].reusable = false } }

    func endComposite(_ view: any View, in ctx: ResolveContext, elements: [Element]) {
        let path = ctx.path
        let r = recording.removeLast()
        if !recording.isEmpty {
            recording[recording.count - 1].paths += r.paths
            recording[recording.count - 1].owners += r.owners
            recording[recording.count - 1].composites += r.composites
        }
        guard r.reusable else { records[path] = nil; return }
        records[path] = Record(value: view, environment: ctx.environment, stackAxis: ctx.stackAxis,
                               inheritsTransaction: ctx.transactionIsInherited, elements: elements, paths: r.paths,
                               owners: r.owners, composites: r.composites)
    }

    /// Elements whose layout properties animate (frame sizes, positions): laid out again while they move.
    private var layoutAnimated: [(element: WeakElement, end: Double)] = []
    private var lastLayoutTime = -Double.infinity
    struct WeakElement { weak var element: Element? }

    func noteLayoutAnimation(_ e: Element, until end: Double) {
        layoutAnimated.append((WeakElement(element: e), end))
        noteAnimation(until: end)
    }

    // MARK: Frame

    /// A GeometryReader's content is built during layout, once its size is known (changes there are instant).
    func rebuildDuringLayout(_ e: GeometryElement) {
        generation += 1
        let saved = evaluating
        evaluating = true
        withTransaction(Transaction()) { e.rebuild(force: false) }
        e.markLayoutDirty(ancestors: true)
        evaluating = saved
    }

    /// Flushes changes, then lays out when something moved or the size changed; handlers that layout queued
    /// (appearing content of a GeometryReader) run, and their changes are laid out in the same frame.
    public func update(size: Size) {
        for _ in 0..<4 {
            layoutOnce(size: size)
            guard !queued.isEmpty || dirty else { return }
            let handlers = queued
            queued = []
            handlers.forEach { $0() }
        }
    }

    private func layoutOnce(size: Size) {
        flush()
        if text.refresh() { needsLayout = true; root.markSubtreeDirty() }
        let time = now
        // Animated values are read during layout (frame sizes) and drawing, so an animating tree is laid out anew.
        let animating = isAnimating(at: time)
        let grid = snapGrid(at: time)
        if grid != pixelGrid { pixelGrid = grid; needsLayout = true; root.markSubtreeDirty() }
        if needsLayout || laidOutSize != size || animating || wasAnimating {
            wasAnimating = animating
            stats.layouts += 1
            if root.prune(at: time) { treeChanges += 1 }
            // Layout properties that moved since the last layout make their element and its ancestors dirty.
            layoutAnimated = layoutAnimated.filter { $0.element.element != nil && $0.end > lastLayoutTime }
            for a in layoutAnimated { a.element.element?.markLayoutDirty(ancestors: true) }
            lastLayoutTime = time
            root.assign(in: Rect(origin: .zero, size: size))
            laidOutSize = size
            needsLayout = false
            needsDraw = true
        }
    }

    private var wasAnimating = false

    /// The grid frames are rounded to after layout (Layout/PixelGrid.swift); nil while a frame's size or position
    /// animates, so what moves does not step from pixel to pixel. Changing it lays every element out again.
    private(set) var pixelGrid: PixelGrid?

    private func snapGrid(at time: Double) -> PixelGrid? {
        let moving = layoutAnimated.contains { $0.element.element != nil && $0.end > time }
        return moving || !context.roundsFrames ? nil : PixelGrid(scale: context.pixelScale)
    }

    /// When the last running animation or transition ends (recomputed after each evaluation).
    private var animationEnd = 0.0

    /// Called when a property starts an animation that ends at `end` (infinity: repeats forever).
    func noteAnimation(until end: Double) { animationEnd = max(animationEnd, end) }

    /// True while something animates (the frame must be laid out and drawn again).
    public func isAnimating(at time: Double) -> Bool {
        // Something repeats forever (a particle view, a `repeatForever` animation): it stops only when the tree
        // changes (an evaluation, a view leaving), so the tree is searched again only then, not at every call (a
        // frame asks several times, and the search visits every element).
        if time < animationEnd, animationEnd.isInfinite, endSearchedAt.map({ $0 != (generation, treeChanges) }) ?? true {
            animationEnd = root.latestAnimationEnd()
            endSearchedAt = (generation, treeChanges)
        }
        return time < animationEnd
    }
    /// The evaluation and the removals the infinite end was last found in.
    private var endSearchedAt: (Int, Int)?
    /// Views that left the tree when their removal transition ended (`prune`).
    private var treeChanges = 0

    /// The next scene time at which the picture may change without input: now while animating, else the next
    /// timer's due time (nil: nothing until input). The loop may sleep until then.
    public func nextChange(after time: Double) -> Double? {
        if dirty || needsLayout || isAnimating(at: time) { return time }
        return clock.nextDueTime
    }
}
