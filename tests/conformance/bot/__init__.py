"""Conformance through the real bot (simcord's offline Discord): every registered game is
hosted, fuzzed and played to its end by taps alone."""
