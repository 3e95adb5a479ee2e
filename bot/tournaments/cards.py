"""What tournaments say in Discord: the registration card, a round's card, the standings
card and the tournament's details, in the current language (:func:`locales.speaking`)."""

from __future__ import annotations

from datetime import datetime

import discord

from locales import _
from locales.tournament import format_name, points_text, tiebreak_explanation, tiebreak_title
from tournament import Format, LateJoin, Tournament, finished, standings, tiebreaks_of

from ..cards import Card
from ..i18n import as_written, game_title
from ..store import TournamentRecord, shown_player
from .service import round_hours, tournament_of

COLOUR = discord.Colour.from_rgb(32, 96, 120)
STANDINGS_FILE = "standings.png"
MOST_NAMES = 60
ROUND_TEXT_ROOM = 3200
"""Characters a round's table list may take on its card (a card holds 4,000 in all)."""


def title(record: TournamentRecord) -> str:
    return _("{game} tournament", game=game_title(record.game))


def name_of(record: TournamentRecord, player: int) -> str:
    return as_written(shown_player(record.names.get(player, str(player))))


def settings_lines(record: TournamentRecord) -> list[str]:
    """Format, tables, rounds, round length and the late-join rule, one line each."""
    tournament = tournament_of(record)
    settings = tournament.settings
    lines = [_("**Format:** {format}", format=format_name(settings.format.value))]
    if settings.table_size > 2:
        lines.append(_("**Tables:** {size} players", size=settings.table_size))
    if tournament.planned is not None:
        lines.append(_("**Rounds:** {rounds}", rounds=tournament.planned))
    elif settings.rounds is not None:
        lines.append(_("**Rounds:** {rounds}", rounds=settings.rounds))
    else:
        lines.append(_("**Rounds:** as many as the players need"))
    lines.append(_("**Round length:** {hours} h", hours=round_hours(record)))
    if settings.format is Format.SWISS:
        late = (
            _("a loss for each round missed")
            if settings.late_join is LateJoin.LOSS
            else _("half the points of each round missed")
        )
        lines.append(_("**Late joins** (before round 2): {rule}", rule=late))
    return lines


def registration_card(record: TournamentRecord) -> Card:
    """The card people join on."""
    tournament = tournament_of(record)
    players = [name_of(record, e.id) for e in tournament.entrants]
    shown = ", ".join(players[:MOST_NAMES])
    if len(players) > MOST_NAMES:
        shown += _(" and {count} more", count=len(players) - MOST_NAMES)
    text = "\n".join(
        [
            *settings_lines(record),
            _("**Organiser:** {host}", host=f"<@{record.host_id}>"),
            "",
            _("**Players ({count}):** {names}", count=len(players), names=shown),
        ]
    )
    if record.status == "open":
        footer = _("Press Join or use `/tournament join`; the organiser starts it.")
    elif record.status == "cancelled":
        footer = _("The tournament was cancelled.")
    else:
        footer = _("Registration is closed: the tournament has started.")
    return Card(title=title(record), text=text, colour=COLOUR, footer=footer)


def timestamp(stamp: str | None) -> str:
    """A deadline as Discord shows it to each reader in their own time zone."""
    if not stamp:
        return "—"
    moment = datetime.fromisoformat(stamp)
    return f"<t:{int(moment.timestamp())}:f> (<t:{int(moment.timestamp())}:R>)"


def round_card(record: TournamentRecord, threads: dict[int, int], link: str | None = None) -> Card:
    """The current round's tables (with their threads), byes and deadline. In a big field
    the tables are listed by their threads alone, so that every one fits on the card."""
    tournament = tournament_of(record)
    current = tournament.current
    assert current is not None
    lines = [
        _table_line(record, index, table.seats, threads)
        for index, table in enumerate(current.tables)
    ]
    if sum(len(line) + 1 for line in lines) > ROUND_TEXT_ROOM:
        lines = [
            _("**Table {table}:** {names}", table=index + 1, names=f"<#{threads[index]}>")
            if index in threads
            else _table_line(record, index, (), threads)
            for index in range(len(current.tables))
        ]
    byes = ", ".join(name_of(record, player) for player in current.byes)
    if byes:
        lines.append(_("**Bye:** {name}", name=byes))
    lines.append("")
    lines.append(_("**Deadline:** {when}", when=timestamp(record.deadline_at)))
    if link:
        lines.append(_("Live standings and every round: {link}", link=link))
    return Card(
        title=_(
            "{title}: round {round} of {rounds}",
            title=title(record),
            round=current.number,
            rounds=tournament.planned,
        ),
        text="\n".join(lines),
        colour=COLOUR,
        footer=_(
            "Each table plays in its own thread. A game not finished by the deadline is "
            "decided by the server's timeout rules."
        ),
    )


def _table_line(
    record: TournamentRecord, index: int, seats: tuple[int, ...], threads: dict[int, int]
) -> str:
    names = _(" vs ").join(name_of(record, p) for p in seats)
    where = f" · <#{threads[index]}>" if index in threads else ""
    return _("**Table {table}:** {names}", table=index + 1, names=names) + where


def tiebreak_lines(tournament: Tournament) -> list[str]:
    return [
        _(
            "**{name}:** {explanation}",
            name=tiebreak_title(t.name),
            explanation=tiebreak_explanation(t.name),
        )
        for t in tiebreaks_of(tournament)
    ]


def standings_card(record: TournamentRecord, link: str | None, asker: int | None = None) -> Card:
    """The standings picture with its tiebreaks explained and the page's link; a player who
    asks is told their place (the picture marks their row)."""
    tournament = tournament_of(record)
    heading = _("Final standings") if finished(tournament) else _("Standings")
    lines = []
    mine = next((line for line in standings(tournament) if line.player == asker), None)
    if mine is not None:
        lines += [
            _(
                "**{name}:** place {rank} with {points} points",
                name=name_of(record, mine.player),
                rank=mine.rank,
                points=points_text(mine.points),
            ),
            "",
        ]
    lines += [_("Ties are broken in this order:"), *tiebreak_lines(tournament)]
    if link:
        lines += ["", _("Live standings and every round: {link}", link=link)]
    return Card(
        title=f"{title(record)}: {heading}",
        text="\n".join(lines),
        colour=COLOUR,
        image=STANDINGS_FILE,
        alt=_("The standings of the {title}", title=title(record)),
    )


def info_card(record: TournamentRecord) -> Card:
    """Everything about the tournament: its settings, where it stands, its tiebreaks."""
    tournament = tournament_of(record)
    status = {
        "open": _("Registration is open."),
        "running": _(
            "Round {round} of {rounds} is being played.",
            round=len(tournament.rounds),
            rounds=tournament.planned,
        ),
        "finished": _("The tournament is over."),
        "cancelled": _("The tournament was cancelled."),
    }[record.status]
    lines = [status, *settings_lines(record)]
    if record.status == "running":
        lines.append(_("**Deadline:** {when}", when=timestamp(record.deadline_at)))
    lines += [
        "",
        _(
            "**Points:** a win 1, a draw ½, a loss 0; at a table, one point for each "
            "player placed below you and ½ for each sharing your place. A Swiss bye is "
            "worth a win."
        ),
    ]
    lines += ["", _("Ties are broken in this order:"), *tiebreak_lines(tournament)]
    return Card(title=title(record), text="\n".join(lines), colour=COLOUR)
