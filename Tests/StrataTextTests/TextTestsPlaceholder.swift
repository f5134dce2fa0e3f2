// Text tests land with the text work.
