"""The terminal table of Undercover in Europa: screens, prompts, private screens, the game loop."""
