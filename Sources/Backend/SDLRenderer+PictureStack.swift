import CSDL2
import Foundation
import Stage

/// Stacks of overlapping pictures drawn on the CPU (`PictureStack`, the runs chosen by `StackPlanner`): only where
/// OpenGL rasterises on the CPU too.
extension SDLRenderer {
    /// Whether stacks may be drawn on the CPU: OpenGL on llvmpipe (or another rasteriser on the CPU), drawing onto the
    /// window, unless `ZOETROPE_PICTURE_STACKS=0` (to compare the two).
    var stacksOnCPU: Bool { stacksAllowed && SDL_GetRenderTarget(renderer) == nil }

    /// The run of commands from `first` to draw as a stack (`StackPlanner.run`), with its pictures' texels; nil when
    /// there is none there (or a picture's pixels cannot be had).
    func stackRun(_ commands: ArraySlice<DrawCommand>, from first: Int, clip: (Int) -> Rect?,
                  visibility: (Int) -> FramePlan.Visibility, scanned: inout Int) -> (end: Int, items: [PictureStack.Item], box: PixelRect)? {
        let planner = StackPlanner(scale: scale, output: outputRect, imageSize: { self.textures.imageSize($0) },
                                   hasCopy: { self.textures.copySize(of: $0) != nil })
        guard let run = planner.run(commands, from: first, clip: clip, visibility: visibility, scanned: &scanned) else { return nil }
        // Only now are the pictures' texels made (once each): a run that is not a stack (the elevator's eight
        // layers) reads no picture's pixels.
        var items: [PictureStack.Item] = []
        for p in run.pictures {
            guard let t = stack.texels(PictureStack.TexelsKey(name: p.name, level: p.level), {
                p.level == 0 ? textures.pixels(of: p.name) : textures.levelPixels(p.name, level: p.level)
            }) else { return nil }
            items.append(PictureStack.Item(texels: t, a: p.a, b: p.b, d: p.d, tint: p.tint, clip: p.clip))
        }
        return (run.end, items, run.box)
    }
}
