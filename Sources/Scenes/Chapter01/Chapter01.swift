import Stage
import Views

/// Chapter 1's scenes in the book's order (spec 01 §2.1); each `-source` variant follows the scene it varies.
enum Chapter01 {
    static let scenes: [SceneEntry] = [
        .view("ch1-declarative-button", chapter: "Chapter 1", title: "Declarative button") { DeclarativeButton() },
        .view("ch1-state-name", chapter: "Chapter 1", title: "State") { StateName() },
        .view("ch1-hello-template", chapter: "Chapter 1", title: "New-project template") { HelloTemplate() },
        .view("ch1-hello-template-source", chapter: "Chapter 1", title: "New-project template (source)") {
            ComputedProperty()
        },
        .view("ch1-vstack-toggle-text", chapter: "Chapter 1", title: "VStack with a button") { Stacks() },
        .view("ch1-vstack-alignment", chapter: "Chapter 1", title: "VStack leading alignment") { VStackAlignment() },
        .view("ch1-vstack-spacing", chapter: "Chapter 1", title: "VStack spacing") { VStackSpacing() },
        .view("ch1-hstack-digits", chapter: "Chapter 1", title: "HStack") { HStacks() },
        .view("ch1-hstack-child-font", chapter: "Chapter 1", title: "Modify one child") { ModifyTheChild() },
        .view("ch1-zstack-overlay", chapter: "Chapter 1", title: "ZStack") { ZStacks() },
        .view("ch1-combined-stacks", chapter: "Chapter 1", title: "Stormy weather") { CombiningStacks() },
        .view("ch1-spacer", chapter: "Chapter 1", title: "Spacer") { SpacerHelloWorld() },
        .view("ch1-spacer-vertical", chapter: "Chapter 1", title: "Spacer (source)") { SpacerView() },
        .view("ch1-divider-horizontal", chapter: "Chapter 1", title: "Divider") { DividerView() },
        .view("ch1-divider-vertical", chapter: "Chapter 1", title: "Vertical dividers") { DividerVertical() },
        .view("ch1-divider-thickness", chapter: "Chapter 1", title: "Divider thickness") { DividerThickness() },
        .view("ch1-padding-all", chapter: "Chapter 1", title: "Padding") { PaddingModifier() },
        .view("ch1-padding-all-source", chapter: "Chapter 1", title: "Padding (source)") { PaddingModifierSource() },
        .view("ch1-padding-leading", chapter: "Chapter 1", title: "Leading padding") { PaddingLeading() },
        .view("ch1-padding-children", chapter: "Chapter 1", title: "Padding individual children") { PaddingChildren() },
        .view("ch1-closures", chapter: "Chapter 1", title: "Closures") { Closures() },
        .view("ch1-geometry-empty", chapter: "Chapter 1", title: "Empty GeometryReader") { GeometryReaderView() },
        .view("ch1-geometry-default-alignment", chapter: "Chapter 1", title: "GeometryReader default placement") {
            GeometryReaderDefaultAlignment()
        },
        .view("ch1-geometry-size", chapter: "Chapter 1", title: "GeometryReader size") { GeometryReaderWithImage() },
        .view("ch1-geometry-position", chapter: "Chapter 1", title: "Positioning with GeometryReader") {
            GeometryReaderPositioningViews()
        },
        .view("ch1-geometry-read-origin", chapter: "Chapter 1", title: "Reading global and local origin") {
            GeometryReaderReadingThePosition()
        },
        .view("ch1-geometry-min-mid-max", chapter: "Chapter 1", title: "min, mid and max") { UsingMinMidMax() },
    ]
}
