"""Which Discord shards a process serves, and which shard a server belongs to."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Shards:
    """Shard ids served by this process, out of ``count`` shards in all."""

    ids: tuple[int, ...]
    count: int

    def __post_init__(self) -> None:
        _check_count(self.count)
        if not self.ids:
            raise ValueError("a process must serve at least one shard")
        if len(set(self.ids)) != len(self.ids):
            raise ValueError("a shard id is given twice")
        wrong = [i for i in self.ids if not 0 <= i < self.count]
        if wrong:
            raise ValueError(
                f"shard {wrong[0]} does not exist with {self.count} shards"
                f" (ids run from 0 to {self.count - 1})"
            )

    @classmethod
    def parse(cls, text: str, count: int) -> Shards:
        """``"0-3"``, ``"1"`` or ``"0,2,5-6"`` out of ``count`` shards."""
        _check_count(count)
        ids: list[int] = []
        for part in text.split(","):
            first, dash, last = part.strip().partition("-")
            try:
                low = int(first)
                high = int(last) if dash else low
            except ValueError:
                raise ValueError(
                    f"{part.strip()!r} is not a shard id or range (write 1, 0-3 or 0,2,5-6)"
                ) from None
            if high < low:
                raise ValueError(f"the range {part.strip()} runs backwards")
            ids.extend(range(low, high + 1))
        return cls(tuple(ids), count)

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process serves a server (direct messages belong to shard 0)."""
        return shard_of(guild_id, self.count) in self.ids

    @property
    def syncs_commands(self) -> bool:
        """One process registers the slash commands: the one serving shard 0."""
        return 0 in self.ids


def shard_of(guild_id: int | None, count: int) -> int:
    """Discord's rule: ``(guild_id >> 22) % shard_count``; no server means shard 0."""
    return ((guild_id or 0) >> 22) % count


def _check_count(count: int) -> None:
    if count < 1:
        raise ValueError("the shard count must be at least 1")
