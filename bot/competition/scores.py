"""The scoreboard during the game and the final scoring explained sea by sea (counts only)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.competition import SeaRow, Table
from locales import N_, _, join_names, number, seat_name
from locales.competition import SEA_LABELS

from ..cards import Card
from ..presenter import COLOUR
from .texts import plural

SIMPLE = "simple"
RULE_STANDARD = N_(
    "Each sea scores for the player(s) with the most face-up cards of it (ties share, rounded "
    "up); every face-down card is worth 1 point."
)
RULE_SIMPLE = N_("Simple evaluation: every card won is worth 1 point.")


def scoreboard_card(table: Table, names: Sequence[str]) -> Card:
    """Each player's sea piles and face-down count, with the points they would score now."""
    scores = table.scores
    title = (
        _("Final scores")
        if table.outcome is not None
        else _("Scores so far · round {round} of {rounds}", round=table.round, rounds=table.rounds)
    )
    fields = []
    for player in table.players:
        seat = player.seat
        piles = [
            f"{_(SEA_LABELS[row.sea])} {row.counts[seat]}{_lead_mark(row, seat)}"
            for row in scores.seas
            if row.counts[seat]
        ]
        up = _("Face up: {piles}", piles=", ".join(piles) or _("none")) + "\n"
        value = (up if scores.variant != SIMPLE else "") + _(
            "Face down: {count}", count=plural(player.face_down, "card")
        )
        left = "" if player.active else _(" (left the game)")
        name = f"{seat_name(names, seat)}{left}: {plural(scores.totals[seat], 'point')}"
        fields.append((name, value))
    rule = _(RULE_SIMPLE if scores.variant == SIMPLE else RULE_STANDARD)
    return Card(title, rule, COLOUR, fields=fields)


def final_scoring_text(table: Table, names: Sequence[str]) -> str:
    """The final scoring, sea by sea, then face-down points, totals and winners."""
    scores = table.scores
    lines = []
    if scores.variant == SIMPLE:
        lines.append(f"{_(RULE_SIMPLE)}\n{_per_player(scores.cards, names)}")
    else:
        lines += [_sea_line(row, names) for row in scores.seas if any(row.counts)]
        each = _per_player(scores.face_down, names)
        lines.append(_("**Face down** (1 point each): {points}", points=each))
    totals = sorted(range(len(scores.totals)), key=lambda s: (-scores.totals[s], s))
    winners = table.outcome.winners if table.outcome else ()
    ranking = " · ".join(
        f"{'🏆 ' if s in winners else ''}{seat_name(names, s)} {scores.totals[s]}" for s in totals
    )
    lines.append(_("**Totals**: {ranking}", ranking=ranking))
    return "\n".join(lines)


def _sea_line(row: SeaRow, names: Sequence[str]) -> str:
    counts = ", ".join(
        f"{seat_name(names, seat)} {count}" for seat, count in enumerate(row.counts) if count
    )
    most = max(row.counts)
    leaders = [seat for seat, count in enumerate(row.counts) if count == most]
    share = row.points[leaders[0]]
    if len(leaders) == 1:
        result = _(
            "{name} scores {points}",
            name=seat_name(names, leaders[0]),
            points=plural(share, "point"),
        )
    else:
        tied = join_names([seat_name(names, s) for s in leaders])
        division = f"{most} ÷ {len(leaders)}"
        if most % len(leaders):
            exact = number(most / len(leaders), digits=2)
            division += _(" = {exact}, rounded up", exact=exact)
        result = _(
            "{names} tie: {division} → {points} each",
            names=tied,
            division=division,
            points=plural(share, "point"),
        )
    return f"**{_(row.sea.display_name)}**: {counts} → {result}"


def _per_player(values: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(f"{seat_name(names, seat)} {value}" for seat, value in enumerate(values))


def _lead_mark(row: SeaRow, seat: int) -> str:
    """`` (leads)`` or `` (shares the lead)`` for the player(s) with the most cards of a sea."""
    most = max(row.counts)
    if row.counts[seat] != most:
        return ""
    return _(" (leads)") if row.counts.count(most) == 1 else _(" (shares the lead)")
