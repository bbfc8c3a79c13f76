/// What the engine routes play/stop requests to once it has resolved the sound and the channel: `DeviceMixer`
/// (SDL_mixer, real time) or `OfflineMixer` (the engine's own mix on the virtual clock). Channels are SDL_mixer
/// channel numbers: 0 is the player, 1 + n effect n.
protocol ChannelMixer: AnyObject {
    /// Starts `sound` on `channel` at `startFrame` inside it (already within the sound), cutting what the channel
    /// played. `loops`: 0 plays once, n plays n + 1 times, negative loops until stopped.
    func play(_ sound: AudioEngine.Sound, on channel: Int, loops: Int, startFrame: Int, at time: Double)
    /// Stops one channel, or every channel when `channel` is nil.
    func stop(_ channel: Int?, at time: Double)
    /// Brings the mix (and the capture) up to scene time `time`.
    func advance(to time: Double)
    /// The sound `channel` is playing and the position inside it in seconds.
    func nowPlaying(_ channel: Int) -> (name: String, position: Double)?
    /// Receives the mix as it is made (interleaved 16-bit stereo 44.1 kHz), for a recording.
    var tap: ((UnsafeBufferPointer<Int16>) -> Void)? { get set }
    /// Stops everything and lets go of every sound, before the chunks are freed.
    func halt()
}
