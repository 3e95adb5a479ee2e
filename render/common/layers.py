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
LAYER_BYTES = 32 * 1024 * 1024  # and at most this much memory (an Islant grid is 3 MB)


def footprint(image: Image.Image) -> int:
    """About how many bytes ``image`` holds (Pillow keeps colour pixels in four bytes)."""
    return image.width * image.height * (1 if len(image.getbands()) == 1 else 4)


class LayerCache:
    """At most ``size`` layers and ``max_bytes`` of them, the least recently used dropped
    first (the newest layer is kept even when it alone is larger)."""

    def __init__(self, size: int = LAYERS, max_bytes: int = LAYER_BYTES) -> None:
        if size < 1:
            raise ValueError(f"a layer cache holds at least one layer, not {size}")
        self.size = size
        self.max_bytes = max_bytes
        self._layers: OrderedDict[tuple[str, Hashable], Image.Image] = OrderedDict()
        self._lock = Lock()
        self.bytes = 0  # the layers' footprint
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
            old = self._layers.pop(full, None)  # drawn meanwhile by another thread
            self.bytes += footprint(image) - (footprint(old) if old is not None else 0)
            self._layers[full] = image
            while len(self._layers) > 1 and (
                len(self._layers) > self.size or self.bytes > self.max_bytes
            ):
                _, dropped = self._layers.popitem(last=False)
                self.bytes -= footprint(dropped)
        return image

    def clear(self) -> None:
        """Forget every layer."""
        with self._lock:
            self._layers.clear()
            self.bytes = 0


LAYER_CACHE = LayerCache()
"""The process's layers, shared by every renderer."""


def cached_layer(key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
    """The shared layer of ``key`` (in the current language), drawn by ``draw`` if missing."""
    return LAYER_CACHE.layer(key, draw)
