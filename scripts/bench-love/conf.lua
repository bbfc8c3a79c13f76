-- LÖVE 11.4 side of `scripts/bench particles` and `scripts/bench window`: a 1280x800 window, no vsync (the elevator
-- turns it on), only the modules the benchmarks need.
function love.conf(t)
    t.identity = "zoetrope-bench"
    t.version = "11.4"
    t.console = false
    t.window.title = "LOVE bench"
    t.window.width = 1280
    t.window.height = 800
    t.window.vsync = 0
    t.window.msaa = 0
    t.window.highdpi = false
    t.window.resizable = false
    t.modules.audio = false
    t.modules.sound = false
    t.modules.joystick = false
    t.modules.physics = false
    t.modules.touch = false
    t.modules.video = false
end
