"""Cogs: one for the commands every game shares, one per game for its own commands."""
