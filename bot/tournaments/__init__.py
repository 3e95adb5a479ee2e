"""Tournaments in the bot: the offline simulation, the standings card and picture, the
store's rows, the service that opens each round's games and records their results, and the
jobs that keep rounds to their deadlines. The rules of pairing live in ``tournament``."""
