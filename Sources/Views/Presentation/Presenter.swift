import Motion
import Stage

// How alerts and sheets are presented: the modifier keeps an overlay element while its binding is true, and the host
// appends the overlays after the scene's own content as the last children of the root (ViewHost.evaluate). So they
// are drawn above everything, hit-tested first (an overlay covers the whole content area and takes every press, so
// nothing beneath reacts), probed last (the frontmost `text:OK` wins), and leave through the usual removal
// transition: while it runs the overlay still draws but takes no input (spec README §3.12).

enum PresentationKind {
    case alert(AlertContent)
    case sheet(SheetContent)
}

struct AlertContent {
    let title: String
    let actions: any View
    let message: (any View)?
}

struct SheetContent {
    let onDismiss: (() -> Void)?
    let content: () -> any View
}

/// `.alert` / `.sheet`: the content as it is, plus an overlay while `isPresented` is true.
struct PresentationModifier<Content: View>: View, PrimitiveView {
    let content: Content
    let isPresented: Binding<Bool>
    let kind: PresentationKind

    func resolve(_ ctx: ResolveContext) -> [Element] {
        // The content one level down, so presenters of chained modifiers (`.alert(…).alert(…)`) differ.
        let elements = ctx.child(.modifier(62)).resolve(content)
        let presenter = ctx.child(.modifier(60)).element(PresenterElement.self) { PresenterElement(path: $0, host: $1) }
        ctx.host.presentations.register(presenter)
        var oc = ctx.child(.modifier(61))
        oc.stackAxis = nil
        if isPresented.wrappedValue {
            let isNew = presenter.overlay == nil
            let overlay: ModalOverlayElement
            switch kind {
            case let .alert(alert):
                let e = oc.element(AlertOverlayElement.self) { AlertOverlayElement(path: $0, host: $1) }
                e.update(alert, isPresented: isPresented, ctx: oc)
                overlay = e
            case let .sheet(sheet):
                let e = oc.element(SheetOverlayElement.self) { SheetOverlayElement(path: $0, host: $1) }
                e.update(sheet, isPresented: isPresented, ctx: oc, isNew: isNew)
                presenter.onDismiss = sheet.onDismiss
                overlay = e
            }
            if isNew {
                presenter.order = ctx.host.presentations.nextOrder()
                overlay.presented(ctx: oc)
            }
            presenter.overlay = overlay
        } else if let overlay = presenter.overlay {
            // Closed: the overlay leaves with its removal transition; input reaches beneath from now on.
            presenter.overlay = nil
            overlay.dismissed(at: ctx.host.changeTime)
            if let onDismiss = presenter.onDismiss { ctx.host.enqueue(onDismiss) }
        }
        return elements
    }
}

/// What a presentation modifier keeps between evaluations (not drawn; kept alive by its identity).
final class PresenterElement: Element {
    var overlay: ModalOverlayElement?
    var onDismiss: (() -> Void)?
    /// Overlays are stacked in the order they were presented.
    var order = 0
}

/// The presenters of a host, so evaluation can append their overlays to the root.
final class PresentationRegistry {
    private var presenters: [ViewPath: PresenterElement] = [:]
    private var counter = 0

    func register(_ p: PresenterElement) { presenters[p.path] = p }
    func nextOrder() -> Int { counter += 1; return counter }

    /// Whether a presentation modifier was resolved in evaluation `generation` (its overlay may have come or gone).
    func hasPresenters(resolvedIn generation: Int) -> Bool { presenters.values.contains { $0.generation == generation } }

    /// The overlays shown after evaluation `generation`, in presentation order; presenters no longer in the tree are
    /// forgotten (their overlays leave with the rest of their view).
    func overlays(generation: Int) -> [Element] {
        presenters = presenters.filter { $0.value.generation == generation }
        return presenters.values.filter { $0.overlay != nil }.sorted { $0.order < $1.order }.compactMap(\.overlay)
    }
}

/// An alert's or sheet's overlay: it covers the content area, takes every press that reaches it (on the dimmed
/// part too), and answers the keys while it is the frontmost modal.
class ModalOverlayElement: Element {
    required init(path: ViewPath, host: ViewHost) {
        super.init(path: path, host: host)
        interaction.control = ModalBackdrop()
        zIndex = .greatestFiniteMagnitude
        transition.isRoot = true
    }

    /// Called once when it appears (after its first update).
    func presented(ctx: ResolveContext) {}
    /// Called once when its binding became false at `time`.
    func dismissed(at time: Double) {}
    /// A key while it is the frontmost modal and no control inside took it; true when used.
    func modalKey(_ key: Key) -> Bool { false }

    /// It fills the content area, whatever is proposed.
    override func sizeThatFits(_ p: ProposedSize) -> Size { p.replacingUnspecified(by: host.root.frame.size) }
    override func containsDrawn(_ point: Point, time: Double) -> Bool { frame.contains(point) }

    /// Whether `e` is this overlay or inside it.
    func contains(_ e: Element) -> Bool {
        var x: Element? = e
        while let y = x { if y === self { return true }; x = y.parent }
        return false
    }
}

/// The press target of the dimmed area: it does nothing, so nothing beneath reacts.
private final class ModalBackdrop: ControlBehaviour {
    func pressed(at p: Point, time: Double) {}
    func moved(to p: Point, inside: Bool, time: Double) {}
    func released(at p: Point, inside: Bool, time: Double) {}
    func cancelled() {}
}

// MARK: - Host hooks (keys, text, focus) while a modal is up

extension ViewHost {
    /// The overlays to append to the root's children after evaluating the scene's content.
    func presentedOverlays() -> [Element] { presentations.overlays(generation: generation) }

    /// The frontmost alert or sheet that takes input (not one that is leaving).
    var activeModal: ModalOverlayElement? {
        root.children.last { $0 is ModalOverlayElement && !$0.transition.isRemoving } as? ModalOverlayElement
    }

    /// True when `e` is beneath the frontmost modal (its keys, typed text and focus ring are held back).
    func isBeneathModal(_ e: Element?) -> Bool {
        guard let e, let modal = activeModal else { return false }
        return !modal.contains(e)
    }

    /// Keys while a modal is up (nil: none is): Tab cycles the controls inside it, a focused control inside it
    /// gets the key first, then the modal (Esc, Return). Nothing beneath gets keys; an unused key is left to the
    /// player (false).
    func presentationKey(_ key: Key) -> Bool? {
        guard let modal = activeModal else { return nil }
        if key.name == "tab" && !key.ctrl { return focus.key(key) }
        if let f = focus.focused, modal.contains(f), focus.key(key) { return true }
        let used = modal.modalKey(key)
        flush()
        return used
    }

    /// Typed text while a modal is up: only a focused field inside it gets it (nil: no modal, or focus inside it).
    func presentationText(_ text: String) -> Bool? {
        guard activeModal != nil, isBeneathModal(focus.focused) || focus.focused == nil else { return nil }
        return false
    }
}
