import Motion
import Stage

/// The alert's look (spec 05 §3.4, iOS light appearance).
enum AlertLook {
    static let width = 270.0
    static let cornerRadius = 14.0
    static let card = Color(hex: 0xF2F2F2)
    static let dim = 0.2
    static let padding = 20.0
    static let textInset = 16.0
    static let titleFont = Font(size: 17, weight: .bold)
    static let messageFont = Font(size: 13, lineHeight: 16)
    static let buttonFont = Font(size: 17)
    static let buttonHeight = 44.0
    /// The hairlines between the text and the buttons and between buttons (#3C3C43 at 0.29 over the card).
    static let separator = Color(hex: 0xC5C5C7)
    /// A pressed button's light grey highlight.
    static let pressed = Color(hex: 0xDADADC)
    static let destructive = Color(hex: 0xFF3B30)
    /// Two buttons share a row when each label, with 8 pt on either side, fits in half the card.
    static let labelInset = 8.0
    static let fade = 0.2
    /// iOS alerts grow in from a little larger.
    static let startScale = 1.1
}

/// One button of an alert, as its `actions` declared it.
struct AlertButtonSpec {
    let label: any View
    let text: String?
    let role: ButtonRole?
    let action: () -> Void
}

/// Buttons found in an alert's `actions` (Button, groups, conditionals, custom views and modifiers around them).
protocol AlertActionSource { var alertButton: AlertButtonSpec { get } }

extension Button: AlertActionSource {
    var alertButton: AlertButtonSpec {
        AlertButtonSpec(label: label, text: (label as? Text)?.content, role: role, action: action)
    }
}

func alertButtons(in view: any View) -> [AlertButtonSpec] {
    switch view {
    case let b as AlertActionSource: return [b.alertButton]
    case let t as TupleView: return t.views.flatMap(alertButtons)
    case let o as OptionalContent: return o.content.map(alertButtons) ?? []
    case let c as ConditionalContent: return alertButtons(in: c.content)
    case let g as Group: return alertButtons(in: g.content)
    case let a as AnyView: return alertButtons(in: a.content)
    case is any PrimitiveView:
        // A modifier around a button: look at its content.
        let inner = Mirror(reflecting: view).children.first { $0.label == "content" }?.value as? any View
        return inner.map(alertButtons) ?? []
    default: return alertButtons(in: view.body)
    }
}

/// The overlay of an alert: the dimmed content area and the centred card. It fades (and shrinks from 1.1) in over
/// 0.2 s and fades out over 0.2 s, through its transition.
final class AlertOverlayElement: ModalOverlayElement {
    private var buttons: [AlertButtonSpec] = []
    private var defaultButton: Int?
    private var cancelButton: Int?
    private var isPresented = Binding<Bool>.constant(false)

    required init(path: ViewPath, host: ViewHost) {
        super.init(path: path, host: host)
        transition.kind = .asymmetric(insertion: AnyTransition.opacity.combined(with: .scale(scale: AlertLook.startScale)),
                                      removal: .opacity)
            .animation(.easeOut(duration: AlertLook.fade))
    }

    func update(_ alert: AlertContent, isPresented: Binding<Bool>, ctx: ResolveContext) {
        self.isPresented = isPresented
        var specs = alertButtons(in: alert.actions)
        // SwiftUI gives an alert without buttons an OK button.
        if specs.isEmpty { specs = [AlertButtonSpec(label: Text("OK"), text: "OK", role: nil, action: {})] }
        buttons = specs
        defaultButton = Self.defaultIndex(specs)
        cancelButton = Self.cancelIndex(specs)
        let card = AlertCard(title: alert.title, message: alert.message, buttons: specs.indices.map { i in
            (specs[i], { [weak self] in self?.press(i) })
        }, sideBySide: sideBySide(specs))
        var inner = ctx.child(.modifier(0))
        inner.transaction = Transaction()
        inner.environment.font = nil
        inner.environment.fontWeight = nil
        inner.environment.foregroundColor = nil
        inner.environment.isEnabled = true
        inner.environment.buttonStyle = nil
        setChildren([inner.resolveOne(card)], ctx)
    }

    /// Fades in (growing from 1.1) from the change that presented it; at the scene's start it is simply there.
    override func presented(ctx: ResolveContext) {
        if ctx.host.generation > 1 { transition.beginInsertion(ctx) }
    }

    /// Return: the only button, else the first without a role, else the cancel button.
    static func defaultIndex(_ b: [AlertButtonSpec]) -> Int? {
        if b.count == 1 { return 0 }
        return b.firstIndex { $0.role == nil } ?? b.firstIndex { $0.role == .cancel }
    }

    /// Esc: the cancel button, else the only button, else the only non-destructive one (none: Esc just closes).
    static func cancelIndex(_ b: [AlertButtonSpec]) -> Int? {
        if let c = b.firstIndex(where: { $0.role == .cancel }) { return c }
        if b.count == 1 { return 0 }
        let safe = b.indices.filter { b[$0].role != .destructive }
        return safe.count == 1 ? safe[0] : nil
    }

    /// Two buttons share a row when both labels fit in half the card at 17 pt (iOS stacks them otherwise).
    private func sideBySide(_ b: [AlertButtonSpec]) -> Bool {
        guard b.count == 2 else { return false }
        return b.allSatisfy { spec in
            guard let text = spec.text else { return false }
            let font = spec.role == .cancel ? Font(size: 17, weight: .bold) : AlertLook.buttonFont
            return host.text.width(text, font) + 2 * AlertLook.labelInset <= AlertLook.width / 2
        }
    }

    /// A button: the alert closes (its binding false), then the button's action runs.
    private func press(_ i: Int) {
        guard !transition.isRemoving, buttons.indices.contains(i) else { return }
        isPresented.wrappedValue = false
        buttons[i].action()
    }

    override func modalKey(_ key: Key) -> Bool {
        guard !key.ctrl else { return false }
        switch key.name {
        case "return", "enter", "kp_enter":
            guard let d = defaultButton else { return false }
            press(d)
        case "escape":
            if let c = cancelButton { press(c) } else { isPresented.wrappedValue = false }
        default: return false
        }
        return true
    }

    /// The card is centred at whole points, so its hairlines fall on pixel rows.
    override func place(in rect: Rect) {
        frame = rect
        guard let card = layoutChildren.first else { return }
        let s = card.size(for: ProposedSize(width: AlertLook.width, height: nil))
        card.assign(in: Rect(x: (rect.midX - s.width / 2).rounded(), y: (rect.midY - s.height / 2).rounded(),
                             width: s.width, height: s.height))
    }

    override func drawContent(_ dc: DrawContext) {
        dc.fill(.rect(frame.insetBy(dx: -1, dy: -1)), Color.black.opacity(AlertLook.dim))
        super.drawContent(dc)
    }
}

/// The card: title and message centred with 20 pt above and below, then the buttons under hairlines.
private struct AlertCard: View {
    let title: String
    let message: (any View)?
    let buttons: [(spec: AlertButtonSpec, press: () -> Void)]
    let sideBySide: Bool

    var body: some View {
        VStack(spacing: 0) {
            VStack(spacing: 4) {
                Text(title).font(AlertLook.titleFont)
                if let message { messageView(message) }
            }
            .foregroundColor(.black)
            .multilineTextAlignment(.center)
            .padding(.horizontal, AlertLook.textInset)
            .padding(.vertical, AlertLook.padding)
            .frame(width: AlertLook.width)
            if sideBySide {
                Hairline(vertical: false)
                HStack(spacing: 0) {
                    button(0)
                    Hairline(vertical: true)
                    button(1)
                }
                .frame(width: AlertLook.width, height: AlertLook.buttonHeight)
            } else {
                ForEach(0..<buttons.count) { i in
                    VStack(spacing: 0) {
                        Hairline(vertical: false)
                        button(i)
                    }
                }
            }
        }
        .frame(width: AlertLook.width)
        .background(RoundedRectangle(cornerRadius: AlertLook.cornerRadius).fill(AlertLook.card))
        .clipShape(RoundedRectangle(cornerRadius: AlertLook.cornerRadius))
    }

    /// The message in 13 pt; a text's lines are centred.
    private func messageView(_ m: any View) -> AnyView { AnyView(AnyView(m).font(AlertLook.messageFont)) }

    private func button(_ i: Int) -> some View {
        let spec = buttons[i].spec
        return Button(action: buttons[i].press) { AnyView(spec.label) }
            .buttonStyle(AlertButtonStyle(role: spec.role))
    }
}

/// An alert button: 17 pt, accent blue (a destructive one red, a cancel one bold), the full width of its slot and
/// 44 pt tall, with a light grey highlight while pressed.
private struct AlertButtonStyle: ButtonStyle {
    let role: ButtonRole?
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .font(role == .cancel ? Font(size: 17, weight: .bold) : AlertLook.buttonFont)
            .foregroundColor(role == .destructive ? AlertLook.destructive : Color.accentColor)
            .frame(maxWidth: .infinity, minHeight: AlertLook.buttonHeight, maxHeight: AlertLook.buttonHeight)
            .background(configuration.isPressed ? AlertLook.pressed : Color.clear)
    }
}

/// A 1-pt separator line.
private struct Hairline: View {
    let vertical: Bool
    var body: some View {
        Rectangle().fill(AlertLook.separator)
            .frame(width: vertical ? 1 : nil, height: vertical ? nil : 1)
    }
}
