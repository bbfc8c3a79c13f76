import Views

extension HIITFit {
    /// Stands in for the book's `VideoPlayer` (spec README §3.11, 06 §1.A.5): the video's first frame as a poster
    /// with a play icon, on black as the system player letterboxes; a tap plays the exercise as a looping frame
    /// animation (no autoplay), another tap pauses it. Without the pictures it says so in red, as the book does when
    /// the mp4 is missing.
    struct VideoPlayerView: View {
        let videoName: String
        @State private var isPlaying = false
        @State private var frame = 0

        /// 12 frames a loop, 0.3 s each: a 3.6 s loop (spec 06 §3.1).
        static let frameCount = 12
        static let frameDuration = 0.3
        let timer = Timer.publish(every: VideoPlayerView.frameDuration, on: .main, in: .common).autoconnect()

        func frameName(_ i: Int) -> String { "hiitfit/\(videoName)_" + (i < 10 ? "0\(i)" : "\(i)") }

        var body: some View {
            if imageAssetExists(frameName(0)) {
                ZStack {
                    Color.black
                    if isPlaying {
                        Image(frameName(frame))
                            .resizable()
                            .aspectRatio(contentMode: .fit)
                            .onReceive(timer) { _ in frame = (frame + 1) % Self.frameCount }
                    } else {
                        Image(frameName(frame))
                            .resizable()
                            .aspectRatio(contentMode: .fit)
                        Image(systemName: "play.circle.fill")
                            .font(.system(size: 64))
                            .foregroundColor(.white)
                            .opacity(0.9)
                    }
                }
                .onTapGesture { isPlaying.toggle() }
                .probeState("playing", isPlaying)
                .probeState("frame", Double(frame))
                .named("video")
            } else {
                Text("Couldn't find \(videoName).mp4")
                    .foregroundColor(.red)
            }
        }
    }
}
