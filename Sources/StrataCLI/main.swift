import StrataCommandLine
import StrataScenes

// The built-in `strata`: the command a package gets from StrataCommandLine, with the seeds' scenes.
StrataCommand.main(scenes: SceneRegistry.scenes)
