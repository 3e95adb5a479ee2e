"""Telling a PostgreSQL URL from a SQLite path, and showing one without its password."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit


def is_postgres_url(target: str) -> bool:
    return target.startswith(("postgresql://", "postgres://"))


def without_password(target: str) -> str:
    """A database URL fit for a log line or a message: any password replaced by ``***``."""
    parts = urlsplit(target)
    if parts.password is None:
        return target
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))
