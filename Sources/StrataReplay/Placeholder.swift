// Placeholder until the replay work lands.
enum StrataReplayPlaceholder {}
