"""The live part of an Islant race's page: the roll, who has finished the round, the race
picture and the standings of every player, each name opening that player's sheet.

A sheet is shown as of its player's last submitted turn (the public view's); a turn in
progress never reaches a page.
"""

from __future__ import annotations

from markupsafe import Markup

from engine.islant import progress_text, race_title, roll_text
from locales import N_, _, current

from ..islant.texts import engine_words, ranking, totals
from .game_page import Seen, board_src, turn_text
from .html import fragment, link

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


def standings(seen: Seen) -> list[dict[str, object]]:
    """Every player, best total first (shared totals share a place)."""
    scores = totals(seen.state)
    over = seen.state.finished  # nobody is thinking once the race is over
    statuses = [
        "submitted" if over and p.status == "playing" else p.status for p in seen.state.players
    ]
    return [
        {
            "place": 1 + sum(1 for s in scores if s > scores[seat]),
            "href": sheet_link(seen, seat),
            "src": sheet_src(seen, seat),
            "name": seen.names[seat],
            "points": scores[seat],
            "status": _(STATUS_WORDS.get(statuses[seat], statuses[seat])),
        }
        for seat in ranking(scores)
    ]


def race_fragment(seen: Seen) -> Markup:
    """The part of a race's page that changes with every submitted turn."""
    state = seen.state
    over = turn_text(seen) if state.finished else ""
    lines = [engine_words(race_title(state)), engine_words(roll_text(state))]
    if not state.finished:
        lines.append(engine_words(progress_text(state)))
    return fragment(
        "live_race.html",
        stamp=seen.stamp,
        turn=over or " · ".join(lines),
        board=board_src(seen),
        alt=_("The race and its roll"),
        standings_heading=_("Standings"),
        columns=(_("Place"), _("Player"), _("Points"), _("Round")),
        rows=standings(seen),
    )
