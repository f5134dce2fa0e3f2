// Replay tests land with the replay work.
