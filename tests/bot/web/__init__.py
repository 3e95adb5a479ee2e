"""The game pages: served, live, forgotten, and in a real browser."""
