"""The console command: ``islandbot run | web | sync | simulate | replay | arena | tournament |
backup | migrate-db``.

Without a subcommand it runs the bot when a token is configured, and otherwise plays an
offline demonstration game (``simulate tigerisland``) so anyone can see the boards; with
``ISLANDBOT_WEB_PORT`` set, the game is then also played on a live page.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from engine import find_game
from engine.core import DEFAULT_THINK_MS, Budget, IllegalAction, Level, parse_levels, read_levels
from locales import LANGUAGES, SOURCE

from .arena import ArenaReport, arena
from .config import Settings, load_settings
from .errors import UserError
from .event_loop import run
from .lifeline import die_with_parent
from .replays import ReplayJob, check_replayable, draw_replay
from .shards import Shards
from .store import Store, StoreError, is_postgres_url
from .tournaments.cli import add_tournament_parser, tournament_command

log = logging.getLogger("islandbot")
HEALTHY_WITHIN_SECONDS = 120
DEFAULT_DEMO = ("tigerisland", 2, 1, "frames")


def name_value(text: str) -> tuple[str, str]:
    """A ``--option`` argument: ``NAME=VALUE``."""
    name, equals, value = text.partition("=")
    if not (name.strip() and equals):
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE (e.g. level=5)")
    return name.strip(), value.strip()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="islandbot", description="A Discord bot that hosts island board games."
    )
    sub = parser.add_subparsers(dest="command")
    run = sub.add_parser("run", help="run the bot (needs DISCORD_TOKEN)")
    run.add_argument(
        "--shards",
        metavar="IDS",
        help="the shards this process serves: 1, 0-3 or 0,2,5-6 (with --shard-count)",
    )
    run.add_argument("--shard-count", type=int, metavar="N", help="the bot's shards in all")
    web = sub.add_parser("web", help="serve the game pages (ISLANDBOT_WEB_URL and _PORT)")
    web.add_argument("--with-parent", action="store_true", help=argparse.SUPPRESS)
    sync = sub.add_parser("sync", help="register the slash commands with Discord, then exit")
    sync.add_argument("--guild", type=int, help="a server id (instant); default: global")
    sim = sub.add_parser("simulate", help="computer players play a game offline; PNG per move")
    sim.add_argument("game", help="tigerisland, islant, competition or wars")
    sim.add_argument("--players", type=int, default=2)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--out", type=Path, default=Path("frames"))
    sim.add_argument("--option", action="append", default=[], type=name_value, metavar="NAME=VALUE")
    sim.add_argument(
        "--computer",
        default=Level.NORMAL.value,
        metavar="LEVEL[,LEVEL...]",
        help="random, easy, normal or hard: one for every seat, or one per seat",
    )
    sim.add_argument("--think-ms", type=int, default=DEFAULT_THINK_MS, help="hard's budget")
    sim.add_argument(
        "--locale", choices=LANGUAGES, default=SOURCE, help="the language of the pictures' words"
    )
    replay = sub.add_parser("replay", help="write the animated GIF of a finished game")
    replay.add_argument("game_id", type=int, metavar="ID", help="the game's number")
    replay.add_argument("--out", type=Path, required=True, metavar="FILE")
    replay.add_argument("--db", metavar="FILE|URL", help="default: the configured database")
    replay.add_argument(
        "--locale", choices=LANGUAGES, default=SOURCE, help="the language of captions and words"
    )
    arena = sub.add_parser("arena", help="computer levels play seeded games; a table per level")
    arena.add_argument("game", help="tigerisland, islant, competition or wars")
    arena.add_argument("--levels", default="hard,normal", metavar="LEVEL,LEVEL[,...]")
    arena.add_argument("--games", type=int, default=20)
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--players", type=int, help="seats per game (default: one per level)")
    arena.add_argument(
        "--option", action="append", default=[], type=name_value, metavar="NAME=VALUE"
    )
    arena.add_argument("--think-ms", type=int, default=DEFAULT_THINK_MS, help="hard's budget")
    arena.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    arena.add_argument(
        "--json", type=Path, help="also write the results as JSON here, updated after every game"
    )
    add_tournament_parser(sub)
    sub.add_parser("health", help="exit 0 if the running bot refreshed its heartbeat lately")
    backup = sub.add_parser("backup", help="copy the database safely, even while the bot runs")
    backup.add_argument("destination", type=Path)
    move = sub.add_parser(
        "migrate-db", help="copy every table into an empty database (e.g. SQLite → PostgreSQL)"
    )
    move.add_argument("--from", dest="source", metavar="FILE|URL", help="default: the database")
    move.add_argument("--to", dest="target", required=True, metavar="URL|FILE")
    return parser


def shards_of(args: argparse.Namespace, database: str | Path) -> Shards | None:
    """The shards ``run`` serves (None: all of them, unsharded); ValueError says what's wrong."""
    if args.shards is None and args.shard_count is None:
        return None
    if args.shard_count is None:
        raise ValueError("--shards needs --shard-count (the bot's shards in all)")
    text = args.shards if args.shards is not None else f"0-{args.shard_count - 1}"
    shards = Shards.parse(text, args.shard_count)
    if len(shards.ids) < shards.count and not is_postgres_url(str(database)):
        raise ValueError(
            "processes serving some of the shards share one database: set"
            " ISLANDBOT_DATABASE to a postgresql:// URL"
        )
    return shards


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "with_parent", False):  # the page server the bot started ends with it
        die_with_parent()
    try:
        settings = load_settings()
    except ValueError as err:  # a variable set to something it cannot be
        print(f"islandbot: {err}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        return _command(args, settings)
    except IllegalAction as err:  # a game or option the rules refuse: one line saying why
        print(f"{args.command}: {err.message}", file=sys.stderr)
        return 2


def _command(args: argparse.Namespace, settings: Settings) -> int:
    command = args.command or ("run" if settings.token else None)
    if command is None:
        game, players, seed, out = DEFAULT_DEMO
        print("No DISCORD_TOKEN set: playing an offline demonstration game instead.")
        code = _simulate(game, players, seed, Path(out), {})
        if settings.demo_web is not None:  # ISLANDBOT_WEB_PORT: the game on a live page too
            from .demo_page import serve_demo

            run(serve_demo(game, players, seed, settings.demo_web), settings.event_loop)
        return code
    if command == "simulate":
        options = dict(args.option)
        try:
            levels = parse_levels(args.computer, args.players)
        except ValueError as err:
            print(f"--computer: {err}", file=sys.stderr)
            return 2
        return _simulate(
            args.game,
            args.players,
            args.seed,
            args.out,
            options,
            levels,
            Budget(args.think_ms),
            args.locale,
        )
    if command == "replay":
        database = args.db or settings.database
        return run(_replay(database, args.game_id, args.out, args.locale), settings.event_loop)
    if command == "arena":
        return _arena(args)
    if command == "tournament":
        return tournament_command(args)
    if command == "health":
        return _health(settings)
    if command in ("backup", "migrate-db"):
        return _database_command(args, settings)
    if command in ("run", "web") and settings.web_error is not None:
        print(f"{command}: {settings.web_error}", file=sys.stderr)
        return 2
    if command == "web":
        return _web(settings, args.with_parent)
    try:
        shards = shards_of(args, settings.database) if command == "run" else None
    except ValueError as err:
        print(f"run: {err}", file=sys.stderr)
        return 2
    if not settings.token:
        print("DISCORD_TOKEN is not set (see .env.example).", file=sys.stderr)
        return 2
    if command == "sync":
        run(_sync(settings, args.guild), settings.event_loop)
        return 0
    run(_run(settings, shards), settings.event_loop)
    return 0


def _web(settings: Settings, with_parent: bool) -> int:
    """``islandbot web``: serve the pages until a stop signal."""
    if settings.web is None:
        print("web: set ISLANDBOT_WEB_URL and ISLANDBOT_WEB_PORT", file=sys.stderr)
        return 2
    from .web.process import serve

    run(serve(settings.database, settings.web, with_parent=with_parent), settings.event_loop)
    return 0


def _database_command(args: argparse.Namespace, settings: Settings) -> int:
    """``backup`` or ``migrate-db``; a refusal is one line saying why."""
    try:
        if args.command == "backup":
            run(_backup(settings, args.destination), settings.event_loop)
            print(f"Database copied to {args.destination}")
        else:
            from .migrate_db import move_database

            report = run(
                move_database(args.source or settings.database, args.target), settings.event_loop
            )
            print(report.text())
    except StoreError as err:
        print(f"{args.command}: {err.message}", file=sys.stderr)
        return 1
    return 0


def _simulate(
    game: str,
    players: int,
    seed: int,
    out: Path,
    options: dict[str, str],
    levels: tuple[Level, ...] | None = None,
    budget: Budget | None = None,
    locale: str = SOURCE,
) -> int:
    from .simulate import simulate  # draws in this process: the renderer, for this command only

    summary = simulate(
        game,
        players=players,
        seed=seed,
        out=out,
        options=options,
        levels=levels,
        budget=budget,
        locale=locale,
    )
    print(summary.text())
    return 0


async def _replay(database: str | Path, game_id: int, out: Path, locale: str = SOURCE) -> int:
    """Draw a finished game's replay offline in ``locale``, as ``/game replay`` does in
    Discord."""
    from render.replay import ReplayTooLarge  # the renderer, for this command only

    store = await Store.open(database)
    try:
        record = await store.get_game(game_id)
        try:
            record = check_replayable(record, game_id, guild_id=None)
        except UserError as err:
            print(f"replay: {err.message}", file=sys.stderr)
            return 1
        log = await store.actions(game_id)
    finally:
        await store.close()
    job = ReplayJob.of(record, log, locale)
    try:
        gif = draw_replay(job)
    except ReplayTooLarge as err:
        print(f"replay: {err}", file=sys.stderr)
        return 1
    out.write_bytes(gif)
    print(f"Replay of game #{game_id} ({record.game}, {len(log)} moves): {out}, {len(gif)} bytes")
    return 0


def _arena(args: argparse.Namespace) -> int:
    levels = read_levels(args.levels)
    info = find_game(args.game).info
    players = args.players or min(max(len(levels), info.min_players), info.max_players)

    def save(report: ArenaReport) -> None:
        if args.json is not None:
            args.json.write_text(json.dumps(report.to_json(), indent=2) + "\n", encoding="utf-8")

    report = arena(
        args.game,
        levels,
        games=args.games,
        seed=args.seed,
        options=dict(args.option),
        budget=Budget(args.think_ms),
        jobs=args.jobs,
        players=players,
        on_game=save,
    )
    print(report.text())
    save(report)
    return 0


def _health(settings: Settings) -> int:
    path = settings.heartbeat
    if path is None or not path.exists():
        print("unhealthy: no heartbeat file (is ISLANDBOT_HEARTBEAT set?)", file=sys.stderr)
        return 1
    age = time.time() - path.stat().st_mtime
    if age > HEALTHY_WITHIN_SECONDS:
        print(f"unhealthy: last heartbeat {age:.0f} s ago", file=sys.stderr)
        return 1
    return 0


async def _run(settings: Settings, shards: Shards | None) -> None:
    from .client import make_bot, stop_on_signals

    bot = make_bot(
        settings.database,
        shards=shards,
        dev_guild=settings.dev_guild,
        heartbeat=settings.heartbeat,
        web=settings.web,
    )
    log.info("starting with %r, shards %s", settings, shards or "all")
    async with bot:
        stop_on_signals(bot)
        await bot.start(settings.token or "")
    log.info("stopped")


async def _sync(settings: Settings, guild: int | None) -> None:
    from .client import IslandBot

    bot = IslandBot(settings.database)
    async with bot:
        await bot.login(settings.token or "")  # runs setup_hook: cogs are loaded
        synced = await bot.sync_commands(guild or settings.dev_guild)
        print(f"Synced {len(synced)} commands " + (f"to server {guild}." if guild else "globally."))


async def _backup(settings: Settings, destination: Path) -> None:
    store = await Store.open(settings.database)
    try:
        await store.backup(destination)
    finally:
        await store.close()


if __name__ == "__main__":
    raise SystemExit(main())
