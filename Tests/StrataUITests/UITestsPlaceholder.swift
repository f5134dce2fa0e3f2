// UI tests land with the UI work.
