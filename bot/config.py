"""Configuration from environment variables, with an optional ``.env`` file."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .event_loop import ASYNCIO, LOOP_VARIABLE, loop_named
from .store import is_postgres_url, without_password
from .web import WebConfig

ENV_FILE = ".env"
DEFAULT_DATABASE = "islandbot.sqlite3"


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the bot reads from its environment."""

    token: str | None
    database: Path | str  # a SQLite file, or a postgresql:// URL
    dev_guild: int | None
    log_level: str
    heartbeat: Path | None = None
    web: WebConfig | None = None
    """The game pages (None: not served)."""
    demo_web: WebConfig | None = None
    """The offline demonstration game's page (None: not served)."""
    web_error: str | None = None
    """Why the web variables cannot serve pages (``run`` and ``web`` refuse to start)."""
    event_loop: str = ASYNCIO
    """The event loop the bot's processes run (:mod:`bot.event_loop`)."""

    def __repr__(self) -> str:  # never show the token
        token = "set" if self.token else "unset"
        return (
            f"Settings(token={token}, database={without_password(str(self.database))!r}, "
            f"dev_guild={self.dev_guild}, log_level={self.log_level!r})"
        )


def load_settings(
    environ: dict[str, str] | None = None, env_file: str | Path = ENV_FILE
) -> Settings:
    """Settings from ``environ`` (default: the process environment) over a ``.env`` file."""
    values = read_env_file(Path(env_file))
    values.update(os.environ if environ is None else environ)
    guild = values.get("ISLANDBOT_DEV_GUILD", "").strip()
    return Settings(
        token=values.get("DISCORD_TOKEN", "").strip() or None,
        database=database_of(values.get("ISLANDBOT_DATABASE", "").strip()),
        dev_guild=int(guild) if guild else None,
        log_level=values.get("ISLANDBOT_LOG_LEVEL", "INFO").upper(),
        heartbeat=Path(values["ISLANDBOT_HEARTBEAT"])
        if values.get("ISLANDBOT_HEARTBEAT")
        else None,
        web=WebConfig.of(values),
        demo_web=WebConfig.local(values),
        web_error=WebConfig.partner_missing(values),
        event_loop=loop_named(values.get(LOOP_VARIABLE)),
    )


def database_of(value: str) -> Path | str:
    """``ISLANDBOT_DATABASE``: a PostgreSQL URL as it is, anything else a SQLite file path."""
    if is_postgres_url(value):
        return value
    return Path(value or DEFAULT_DATABASE)


def read_env_file(path: Path) -> dict[str, str]:
    """``KEY=value`` lines of a ``.env`` file (comments, blanks and quotes handled)."""
    if not path.is_file():
        return {}
    values = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip().removeprefix("export ").strip()] = value.strip().strip("'\"")
    return values
