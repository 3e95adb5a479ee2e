"""Static layers: parts of a picture that depend only on a few settings, drawn once.

A layer (a legend, an empty grid) is keyed by everything it depends on plus the language
the pictures speak, kept in a bounded least-recently-used cache, and pasted wherever it is
needed. Callers must not draw on a layer they were given: it is shared.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from threading import Lock

from PIL import Image

from locales import current

LAYERS = 64  # layers kept per process: a few per game, level, map size and language


class LayerCache:
    """At most ``size`` layers, the least recently used dropped first."""

    def __init__(self, size: int = LAYERS) -> None:
        if size < 1:
            raise ValueError(f"a layer cache holds at least one layer, not {size}")
        self.size = size
        self._layers: OrderedDict[tuple[str, Hashable], Image.Image] = OrderedDict()
        self._lock = Lock()
        self.drawn = 0  # how many layers were drawn (not found): for tests and benchmarks

    def __len__(self) -> int:
        return len(self._layers)

    def layer(self, key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
        """The layer of ``key`` in the current language, drawn by ``draw`` the first time."""
        full = (current(), key)
        with self._lock:
            found = self._layers.get(full)
            if found is not None:
                self._layers.move_to_end(full)
                return found
        image = draw()
        with self._lock:
            self.drawn += 1
            self._layers[full] = image
            self._layers.move_to_end(full)
            while len(self._layers) > self.size:
                self._layers.popitem(last=False)
        return image

    def clear(self) -> None:
        """Forget every layer."""
        with self._lock:
            self._layers.clear()


LAYER_CACHE = LayerCache()
"""The process's layers, shared by every renderer."""


def cached_layer(key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
    """The shared layer of ``key`` (in the current language), drawn by ``draw`` if missing."""
    return LAYER_CACHE.layer(key, draw)
