import Foundation

/// `zoetrope-bench`: the engine's halves of `scripts/bench`, apart from the player so that the installed app does not
/// carry them.
///   zoetrope-bench particles N   our particle emitter in a real window (ParticleBench; LÖVE's half is Lua)
///   zoetrope-bench views         the view layer's cost per frame (ViewsBench)
///   zoetrope-bench jitter        how much the machine spreads a fixed frame's time (JitterBench)
let arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first, arguments.count) {
case ("views", 1):
    ViewsBench.run()
case ("jitter", 1):
    JitterBench.run()
case ("particles", 2):
    guard let n = Int(arguments[1]) else {
        FileHandle.standardError.write(Data("zoetrope-bench: particles needs a count, got \(arguments[1])\n".utf8))
        exit(2)
    }
    do { try ParticleBench.run(particles: n) } catch {
        FileHandle.standardError.write(Data("zoetrope-bench: \(error)\n".utf8))
        exit(1)
    }
default:
    FileHandle.standardError.write(Data("usage: zoetrope-bench particles N | zoetrope-bench views | zoetrope-bench jitter\n".utf8))
    exit(2)
}
