import CardScene
import StrataCommandLine

/// Every strata command, for the card scene and the built-in ones.
@main struct CardStrata {
    static func main() { StrataCommand.main(scenes: [CardScene.descriptor]) }
}
