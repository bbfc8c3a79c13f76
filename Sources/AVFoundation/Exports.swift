// `import AVFoundation` in a book's file: `AVAudioPlayer` and the audio session, over the running scene's sound
// player, so `--audio-out` captures what the app plays and a headless run is the same every time.
@_exported import Foundation
