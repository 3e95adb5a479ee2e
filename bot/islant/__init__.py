"""Islant races on Discord: what they say and how they show themselves in public.

- :mod:`.texts`: the round message, its history line, the final ranking, standings, sheets,
  pings and the lines of a player's panel;
- :mod:`.presentation`: the race's :class:`~bot.publisher.Presentation` (a message per round,
  debounced edits in between, then the final ranking);
- :mod:`.pictures`: the Islant pictures it asks the worker processes for, by name.
"""
