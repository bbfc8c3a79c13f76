import SwiftUI

// A test app for `zoetrope run`: our built-in chapter 11 scene's view (Sources/Scenes/Elevator) as a book project
// has it — `import SwiftUI`, no probe names — so that its pixels and sound can be compared with the built-in scene's.

/// "Need a Lift?" (chapter 11): a steel elevator seen from the landing. Click the call button to bring the car;
/// each later click rides to the other floor (spec 04 §1). Layer A is the car, its people, the doors and the frame;
/// layer B the call button and the floor indicators, laid out with the formulas of §1.3 on a W×H geometry box.
struct ContentView: View {
    @StateObject var dataModel = DataModel()

    var body: some View {
        ZStack {
            Color.black

            // MARK: - Layer A: the elevator and the people
            GeometryReader { geo in
                Image("inside")
                    .resizable()
                    .frame(maxWidth: geo.size.width, maxHeight: geo.size.height)

                Image("manOne")
                    .resizable()
                    .aspectRatio(contentMode: .fit)
                    .frame(maxWidth: geo.size.width - 200, maxHeight: geo.size.height - 300)
                    .shadow(color: .black, radius: 30, x: 5, y: 5)
                    .offset(x: 0, y: 250)

                Image("manTwo")
                    .resizable()
                    .aspectRatio(contentMode: .fit)
                    .frame(maxWidth: geo.size.width, maxHeight: geo.size.height - 290)
                    .shadow(color: .black, radius: 30, x: 5, y: 5)
                    .offset(x: 40, y: 230)
                    .rotation3DEffect(.degrees(20), axis: (x: 0, y: -1, z: 0))

                Image("manThree")
                    .resizable()
                    .aspectRatio(contentMode: .fit)
                    .frame(maxWidth: geo.size.width - 100, maxHeight: geo.size.height - 250)
                    .shadow(color: .black, radius: 30, x: 5, y: 5)
                    .offset(x: 130, y: 255)

                Image("manFour")
                    .resizable()
                    .aspectRatio(contentMode: .fit)
                    .frame(maxWidth: geo.size.width - 0, maxHeight: geo.size.height - 280)
                    .shadow(color: .black, radius: 30, x: 5, y: 5)
                    .offset(x: -80, y: 265)

                // The doors meet at W/2 when closed (+4 and −4 close the stack's 8-pt gap) and lie wholly outside
                // the box when open.
                HStack {
                    Image("leftDoor")
                        .resizable()
                        .offset(x: dataModel.doorsOpened ? -geo.size.width / 2 : 4)
                    Image("rightDoor")
                        .resizable()
                        .offset(x: dataModel.doorsOpened ? geo.size.width / 2 : -4)
                }

                Image("doorFrame")
                    .resizable()
                    .frame(maxWidth: geo.size.width, maxHeight: geo.size.height)
            }
            .animation(Animation.easeInOut.speed(0.09).delay(0.3), value: dataModel.doorsOpened)

            // MARK: - Layer B: the call button and the floor indicators
            GeometryReader { geo in
                Button(action: {
                    dataModel.callButtonClicked()
                }) {
                    Circle()
                        .fill(dataModel.doorsOpened ? Color.white : Color.black)
                        .frame(width: 10, height: 10)
                        .overlay(
                            Circle()
                                .stroke(Color.red, lineWidth: 1)
                        )
                        .padding(5)
                        .background(Color.black)
                        .cornerRadius(30)
                }
                .buttonStyle(CallButtonStyle())
                .position(x: geo.size.width / 33, y: geo.size.height / 2)

                HStack(spacing: 8) {
                    FloorIndicator(digit: "1", lit: dataModel.floor1)
                    FloorIndicator(digit: "2", lit: dataModel.floor2)
                }
                .position(x: geo.size.width / 2, y: geo.size.height * 0.02 + 2)
            }
        }
    }
}

/// B1's pressed look (spec 04 §1.3, choice E3, SwiftUI's default button): the button dims to 0.2 at once when
/// pressed and fades back within 0.2 s when released.
struct CallButtonStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .opacity(configuration.isPressed ? 0.2 : 1)
            .animation(configuration.isPressed ? nil : .linear(duration: 0.2), value: configuration.isPressed)
    }
}

/// B2: a ring-digit glyph, ① or ②, 25 pt: red at opacity 1 while its floor is lit, black at opacity 0.3
/// otherwise. Colour and opacity change together, so they follow the same eased progress (spec 04 §1.3–§1.4).
struct FloorIndicator: View {
    let digit: String
    let lit: Bool

    var body: some View {
        ZStack {
            // The ring's stroke is ≈ 8 % of the glyph, centred inside its 25-pt box.
            Circle()
                .stroke(lineWidth: 2)
                .padding(1)
            Text(digit)
                .font(.system(size: 15, weight: .semibold))
        }
        .frame(width: 25, height: 25)
        .foregroundColor(lit ? .red : .black)
        .opacity(lit ? 1 : 0.3)
    }
}
