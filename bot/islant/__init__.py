"""Islant races on Discord: the private panel, the round messages and their components.

- :mod:`.words`: dice, slots and tiles in words;
- :mod:`.panel`: the private panel's layout, a pure function of the state (no I/O);
- :mod:`.messages`: the round message, the final ranking, standings and sheets, and pictures;
- :mod:`.board`: keeps each race's public round message up to date (throttled edits);
- :mod:`.items`: the persistent buttons and selects, and what they do.
"""
