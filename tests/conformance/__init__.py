"""Conformance suites: every check here runs once per registered game (``engine.all_games()``,
test ids by game name), so a new game is covered by registering it, with no list to edit."""
