"""Type aliases shared by the drawing helpers."""

Point = tuple[float, float]
Box = tuple[float, float, float, float]
RGB = tuple[int, int, int]
BOARD = "board"
"""The key, in a hex picture's ``Image.info``, of its board's box (marks stay inside it)."""
