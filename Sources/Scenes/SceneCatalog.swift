import Stage
import Views

/// Every scene the player offers, in menu order. Later chapters add their entries here.
public enum SceneCatalog {
    public static let all: [SceneEntry] = Chapter01.scenes + Chapter02.scenes + Chapter03.scenes + Chapter04.scenes
        + Chapter05.scenes + Chapter06.scenes + Chapter07.scenes + Chapter08.scenes + Chapter09.scenes + Chapter10.scenes + [
        SceneEntry(SnowScene.self),
        .view("elevator", chapter: "Chapter 11", title: "Need a Lift?", size: Size(393, 759)) { ContentView() },
    ] + Chapter12.scenes + Chapter14.scenes + [
        SceneEntry(PipeSmokeScene.self),
        SceneEntry(CoffeeSteamScene.self),
        SceneEntry(RocketFireScene.self),
        SceneEntry(SnowBlizzardScene.self),
        SceneEntry(RainyStreetScene.self),
        SceneEntry(MagicWandScene.self),
        ParticleLab.entry,
    ] + HIITFit.scenes + RoadTrip.scenes

    public static func entry(id: String) -> SceneEntry? { all.first { $0.info.id == id } }
}
