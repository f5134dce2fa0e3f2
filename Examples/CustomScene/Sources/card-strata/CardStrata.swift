import CardScene
import CardsScreen
import StrataCommandLine

/// Every strata command, for this package's scenes (the seeds' scenes are not linked in):
/// the card, and the cards screen twin of Scenes/cards.scene.json.
@main struct CardStrata {
    static func main() { StrataCommand.main(scenes: [CardScene.descriptor, CardsScreen.descriptor]) }
}
