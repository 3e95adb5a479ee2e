"""``islandbot tournament simulate GAME --format … --players N [--rounds R] [--table-size K]
--seed S --out DIR --json FILE``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.core import DEFAULT_THINK_MS, Budget, Level
from locales import LANGUAGES, SOURCE
from tournament import Format, Settings, TournamentError

from .offline import simulate_tournament, write_json


def add_tournament_parser(sub: argparse._SubParsersAction) -> None:
    """The ``tournament`` command and its ``simulate`` subcommand."""
    parser = sub.add_parser("tournament", help="tournaments offline")
    actions = parser.add_subparsers(dest="tournament_command", required=True)
    sim = actions.add_parser(
        "simulate", help="computer players play a whole tournament; standings PNG and JSON"
    )
    sim.add_argument("game", help="tigerisland, islant, competition or wars")
    sim.add_argument("--format", choices=[f.value for f in Format], default=Format.SWISS.value)
    sim.add_argument("--players", type=int, required=True, metavar="N")
    sim.add_argument("--rounds", type=int, metavar="R", help="Swiss only (default: log2 N)")
    sim.add_argument("--table-size", type=int, default=2, metavar="K", help="players a table")
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--out", type=Path, required=True, metavar="DIR")
    sim.add_argument("--json", type=Path, required=True, metavar="FILE")
    sim.add_argument(
        "--computer",
        choices=[level.value for level in Level],
        default=Level.NORMAL.value,
        help="the level every computer plays at",
    )
    sim.add_argument("--think-ms", type=int, default=DEFAULT_THINK_MS, help="hard's budget")
    sim.add_argument("--locale", choices=LANGUAGES, default=SOURCE)


def tournament_command(args: argparse.Namespace) -> int:
    """Run ``islandbot tournament simulate``; a refused setting is one line saying why."""
    if not 2 <= args.players <= 256:
        print("tournament: --players must be 2 to 256", file=sys.stderr)
        return 2
    try:
        settings = Settings(Format(args.format), args.table_size, args.rounds)
        report = simulate_tournament(
            args.game,
            settings,
            players=args.players,
            seed=args.seed,
            out=args.out,
            level=Level(args.computer),
            budget=Budget(args.think_ms),
            locale=args.locale,
        )
    except TournamentError as err:
        print(f"tournament: {err.message}", file=sys.stderr)
        return 2
    write_json(args.json, report.data)
    print(report.text())
    return 0
