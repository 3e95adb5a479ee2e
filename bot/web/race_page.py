"""The live part of an Islant race's page: the roll, who has finished the round, the race
picture and the standings of every player, each name opening that player's sheet.

A sheet is shown as of its player's last submitted turn (the public view's); a turn in
progress never reaches a page.
"""

from __future__ import annotations

from engine.islant import progress_text, race_title, roll_text
from locales import N_, _, current

from ..islant.texts import engine_words, ranking, totals
from .game_page import Seen, board_src, turn_text
from .html import esc, link, name

STATUS_WORDS = {
    "playing": N_("thinking"),
    "submitted": N_("done"),
    "stopped": N_("stopped"),
    "cannot_continue": N_("no tile fits"),
}


def sheet_link(seen: Seen, seat: int) -> str:
    return link(f"/g/{seen.token}/sheet/{seat}", {"lang": current()})


def sheet_src(seen: Seen, seat: int) -> str:
    return link(f"/g/{seen.token}/sheet/{seat}.png", {"v": seen.stamp, "lang": current()})


def standings_html(seen: Seen) -> str:
    """Every player, best total first (shared totals share a place)."""
    scores = totals(seen.state)
    over = seen.state.finished  # nobody is thinking once the race is over
    statuses = [
        "submitted" if over and p.status == "playing" else p.status for p in seen.state.players
    ]
    rows = []
    for seat in ranking(scores):
        place = 1 + sum(1 for s in scores if s > scores[seat])
        status = _(STATUS_WORDS.get(statuses[seat], statuses[seat]))
        rows.append(
            f'<tr><td class="place">{place}</td>'
            f'<td><a class="sheet" href="{sheet_link(seen, seat)}"'
            f' data-src="{sheet_src(seen, seat)}">{name(seen.names[seat])}</a></td>'
            f'<td class="points">{scores[seat]}</td><td class="status">{esc(status)}</td></tr>'
        )
    head = "".join(
        f"<th>{esc(text)}</th>" for text in (_("Place"), _("Player"), _("Points"), _("Round"))
    )
    return (
        f'<table class="standings"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def race_fragment(seen: Seen) -> str:
    """The part of a race's page that changes with every submitted turn."""
    state = seen.state
    over = turn_text(seen) if state.finished else ""
    lines = [engine_words(race_title(state)), engine_words(roll_text(state))]
    if not state.finished:
        lines.append(engine_words(progress_text(state)))
    alt = _("The race and its roll")
    standings = _("Standings")
    return (
        f'<section id="live" data-version="{seen.stamp}">'
        f'<p class="turn">{esc(over or " · ".join(lines))}</p>'
        f'<div class="race"><img class="board" src="{board_src(seen)}" alt="{esc(alt)}">'
        f"<div><h2>{esc(standings)}</h2>{standings_html(seen)}</div></div>"
        "</section>"
    )
