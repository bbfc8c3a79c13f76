-- LÖVE 11.4 side of `scripts/bench` (see there):
--
--   love scripts/bench-love particles N            (particles.lua)
--   love scripts/bench-love elevator IMAGES_DIR    (elevator.lua)

function love.run()
    local args = love.arg.parseGameArguments(arg)
    local mode = table.remove(args, 1)
    if mode == "particles" or mode == "elevator" then return require(mode)(args) end
    io.stderr:write("bench-love: usage: love scripts/bench-love particles N | elevator IMAGES_DIR\n")
    return function() return 2 end
end
