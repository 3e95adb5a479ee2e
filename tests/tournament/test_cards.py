"""Tournament cards at the largest sizes: 99 players with long names, every table and its
thread on the round's card, everything within a card's 4,000 characters."""

from __future__ import annotations

from bot.store import TournamentRecord
from bot.tournaments.cards import info_card, registration_card, round_card, standings_card
from tournament import Format, Settings, Tournament, join, new, start

LONG = "🏝️ Ünïcödé Islander {n:03d} ** _x_ @everyone"
CARD_TEXT = 4000


def _record(tournament: Tournament, status: str) -> TournamentRecord:
    return TournamentRecord(
        id=1,
        guild_id=2,
        channel_id=3,
        host_id=1,
        game="wars",
        status=status,
        options={"round_hours": 48},
        state=tournament.to_json(),
        names={e.id: LONG.format(n=e.id) for e in tournament.entrants},
        version=1,
        message_id=None,
        deadline_at="2026-03-01T12:00:00+00:00",
        announced=0,
    )


def _field(settings: Settings, players: int = 99) -> Tournament:
    tournament = new(settings)
    for player in range(1, players + 1):
        tournament = join(tournament, player)
    return tournament


def _text(card) -> str:
    layout = card.layout()
    return "\n".join(item.content for item in layout.walk_children() if hasattr(item, "content"))


def test_every_card_fits_at_99_players() -> None:
    for settings in (Settings(Format.SWISS), Settings(Format.KNOCKOUT), Settings(Format.SWISS, 6)):
        field = _field(settings)
        started = start(field)
        threads = {i: 10**18 + i for i in range(len(started.current.tables))}
        cards = [
            registration_card(_record(field, "open")),
            round_card(_record(started, "running"), threads),
            standings_card(
                _record(started, "running"), "https://pages.example.org/s/x/tournament/1"
            ),
            info_card(_record(started, "running")),
        ]
        for card in cards:
            assert len(_text(card)) <= CARD_TEXT
        shown = _text(cards[1])
        assert all(f"<#{thread}>" in shown for thread in threads.values()), settings
        assert "@everyone" not in _text(cards[0]).replace("@\u200beveryone", "")
