"""Which day it is, and the seed of a day's rolls.

A day's rolls come from the engine's seeded generator, seeded with HMAC-SHA256 of the date
and level under a secret kept in the database: the same on every server and process, and
impossible to foresee without the secret. Days are UTC dates.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import UTC, date, datetime

FIRST_DAY = date(2026, 1, 1)
"""Day number 1 of the share line."""
SECRET_BYTES = 32
SEED_BYTES = 8


def new_secret() -> str:
    """A fresh secret for the database (made once, the first time anyone plays)."""
    return secrets.token_hex(SECRET_BYTES)


def day_of(moment: datetime) -> date:
    """The UTC date of a moment."""
    return moment.astimezone(UTC).date()


def day_number(day: date) -> int:
    """The day's number in the share line (#1 is :data:`FIRST_DAY`)."""
    return (day - FIRST_DAY).days + 1


def day_seed(secret: str, day: date, level: int) -> int:
    """The engine seed of a day's rolls at a level."""
    message = f"{day.isoformat()}|{level}".encode()
    digest = hmac.new(secret.encode(), message, hashlib.sha256).digest()
    return int.from_bytes(digest[:SEED_BYTES], "big")
