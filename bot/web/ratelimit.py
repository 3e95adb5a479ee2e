"""Per-address rate limits: a bucket of requests refilled at a steady rate, one per address."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

MAX_ADDRESSES = 10_000  # the least recently seen addresses are forgotten beyond this


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


class RateLimit:
    """``burst`` requests at once per address, then ``per_second`` on average."""

    def __init__(
        self,
        per_second: float = 2.0,
        burst: int = 60,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_second = per_second
        self.burst = burst
        self._clock = clock
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

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
