"""The terminal table of the cross family: layout, screens, prompts, the game loop."""
