import CardScene
import StrataCommandLine

/// Every strata command, for the card scene (the seeds' scenes are not linked in).
@main struct CardStrata {
    static func main() { StrataCommand.main(scenes: [CardScene.descriptor]) }
}
