"""Type aliases shared by the drawing helpers."""

Point = tuple[float, float]
Box = tuple[float, float, float, float]
RGB = tuple[int, int, int]
