"""Per-address rate limits: a bucket of requests refilled at a steady rate, one per address,
and a cap on the live streams an address keeps open at once."""

from __future__ import annotations

import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

MAX_ADDRESSES = 10_000  # the least recently seen addresses are forgotten beyond this


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


class RateLimit:
    """``burst`` requests at once per address, then ``per_second`` on average; at most
    ``streams`` live streams open per address."""

    def __init__(
        self,
        per_second: float = 2.0,
        burst: int = 60,
        clock: Callable[[], float] = time.monotonic,
        streams: int = 20,
    ) -> None:
        self.per_second = per_second
        self.burst = burst
        self.streams = streams
        self._clock = clock
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()
        self._open: Counter[str] = Counter()

    @contextmanager
    def stream(self, address: str) -> Iterator[bool]:
        """Whether ``address`` may open one more live stream; it counts while open."""
        if self._open[address] >= self.streams:
            yield False
            return
        self._open[address] += 1
        try:
            yield True
        finally:
            self._open[address] -= 1
            if not self._open[address]:
                del self._open[address]

    def open_streams(self, address: str) -> int:
        """How many live streams ``address`` holds open now."""
        return self._open[address]

    def allow(self, address: str) -> bool:
        """Whether ``address`` may make one more request now (it is counted if so)."""
        now = self._clock()
        bucket = self._buckets.pop(address, None) or _Bucket(float(self.burst), now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.per_second)
        bucket.at = now
        self._buckets[address] = bucket
        if len(self._buckets) > MAX_ADDRESSES:
            self._buckets.popitem(last=False)
        if bucket.tokens < 1:
            return False
        bucket.tokens -= 1
        return True
