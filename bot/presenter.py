"""What the bot posts: lobby cards, board cards and result summaries (no game logic)."""

from __future__ import annotations

import io
from collections.abc import Collection, Sequence

import discord

from engine import find_game
from engine.core import Event, fill_names, joined
from locales import N_, _, current, number, tr_counted
from render import seat_colour

from .cards import ALT_LIMIT, Card, fit, plain
from .computers import LEVEL_LABELS
from .game_options import options_line
from .i18n import Phrase, as_written, engine_text, event_text, game_title, say, written
from .service import GameService, MoveResult
from .store import GameRecord

BOARD_FILE = "board.png"
MAX_EVENT_LINES = 8
COLOUR = discord.Colour.from_rgb(38, 139, 160)
LOBBY_FOOTER = N_(
    "Join to play. The host can add computer players (easy, normal or hard) and press"
    " Start. Game #{id}"
)
ALONE_FOOTER = N_("Add computer players (easy, normal or hard), then press Start. Game #{id}")
"""A lobby's footer in direct messages with the bot, where nobody else can join."""


Ping = tuple[str, discord.AllowedMentions]
"""A plain message calling players to act, with the mentions it may ping."""


def lobby_card(record: GameRecord) -> Card:
    """The lobby: game, who has joined, options and what to press."""
    info = find_game(record.game).info
    seats = [
        f"{p.seat + 1}. {_player_label(p.user_id, p.shown_name)}"
        + (f", {_(LEVEL_LABELS[p.level]).lower()}" if p.level in LEVEL_LABELS else "")
        for p in record.players
    ]
    heading = _(
        "Players ({count}/{max}, at least {min})",
        count=len(record.players),
        max=info.max_players,
        min=info.min_players,
    )
    lines = [_(info.summary), "", f"**{heading}**", *(seats or [_("nobody yet")])]
    if record.options:
        heading = _("Options")
        lines += ["", f"**{heading}**", options_line(record.game, record.options)]
    return Card(
        title=_("{game}: new game", game=game_title(record.game)),
        text="\n".join(lines),
        colour=COLOUR,
        footer=_(LOBBY_FOOTER if record.guild_id is not None else ALONE_FOOTER, id=record.id),
    )


CONTENT_LIMIT = 2000  # Discord's limit for a message's text


def mention_messages(
    user_ids: list[int], tail: str, limit: int = CONTENT_LIMIT
) -> list[tuple[str, list[int]]]:
    """Mentions of ``user_ids`` followed by ``tail``, over as few messages as ``limit`` allows.

    Returns each message's text with the users it mentions (for its ``allowed_mentions``).
    """
    messages: list[tuple[str, list[int]]] = []
    room = limit - len(tail) - 2
    names: list[str] = []
    users: list[int] = []
    for user in user_ids:
        mention = f"<@{user}>"
        if names and len(", ".join([*names, mention])) > room:
            messages.append((f"{', '.join(names)}: {tail}", users))
            names, users = [], []
        names.append(mention)
        users.append(user)
    if names:
        messages.append((f"{', '.join(names)}: {tail}", users))
    return messages


def board_footer(record: GameRecord) -> str:
    """A board's footer: the game's number (the replay counts its moves; the store's
    version counts saved changes, lobby and computers' turns included, so it is no count of
    moves to show)."""
    return _("Game #{id}", id=record.id)


def closed_lobby_card(record: GameRecord, text: str) -> Card:
    """A lobby that is over (started or cancelled): its game and what became of it."""
    return Card(title=game_title(record.game), text=text, colour=COLOUR)


async def board_message(
    service: GameService,
    result: MoveResult,
    *,
    headline: str | None = None,
) -> tuple[Card, discord.File, list[Ping]]:
    """The public board after a change as a card with its picture, and the call to move
    (pinging who did not opt out) to post beside it."""
    record, state = result.record, result.state
    png = await service.render(record, state, None)
    lines = [headline] if headline else []
    told = {a.seat for a in result.applied if a.user_id is not None} if headline else set()
    lines += event_lines(result.events, written(record.names), told)
    game = find_game(record.game)
    outcome = game.outcome(state)
    if outcome is not None:
        result = result_text(record, outcome.scores, outcome.winners, outcome.reason)
        reason = fill_names(engine_text(current(), outcome.reason), written(record.names))
        lines = [line for line in lines if not told_by(line, result, reason)] + [result]
    else:
        movers = game.to_move(state)
        thinking = movers & record.computer_seats
        lines.append(to_move_line(written(record.names), movers - thinking))
        if thinking:  # (their moves follow in a change of their own)
            lines.append(thinking_text(written(record.names), thinking))
    card = Card(
        title=game_title(record.game),
        text="\n".join(line for line in lines if line),
        colour=accent(record.game, state),
        image=BOARD_FILE,
        alt=board_alt(record, state, headline),
        footer=board_footer(record),
    )
    content, mentions = turn_line(record, state, await service.quiet_users(record))
    pings = [(content, mentions)] if content and outcome is None else []
    return card, discord.File(io.BytesIO(png), filename=BOARD_FILE), pings


def move_headline(result: MoveResult, user_id: int, name: str) -> Phrase | None:
    """The public headline of the moves ``user_id`` (shown as ``name``) made in ``result``:
    only what the game lets everybody else learn of them (:meth:`Game.account`); None when
    nothing of them is said (a step of a turn in progress)."""
    return headline_of(result.told_publicly(user_id), name)


def headline_of(told: Sequence[str], name: str) -> Phrase | None:
    """``"**alice** dives"``: a player's name and what everybody is told of their moves."""
    if not told:
        return None
    return say("**{name}** {move}", name=as_written(name), move=joined(told, "; "))


def own_move_line(result: MoveResult, user_id: int, name: str) -> Phrase:
    """The moves ``user_id`` (shown as ``name``) made in ``result`` as that player is told
    them privately: all of it, their own secret choices too."""
    move = joined(result.described(user_id), "; ")
    return say("**{name}** {move}", name=as_written(name), move=move)


def told_by(line: str, result: str, reason: str) -> bool:
    """Whether the final ``result`` says what ``line`` says (a resignation) or ``line``
    retells the end's ``reason``: the final board tells the end once."""
    said = plain(line).strip().casefold()
    reason = plain(reason).strip().rstrip(".").casefold()
    return bool(said) and (said in plain(result).casefold() or (bool(reason) and reason in said))


THINKING = N_("🤖 {names} is thinking…"), N_("🤖 {names} are thinking…")


def thinking_text(names: Sequence[str], seats: Collection[int]) -> str:
    """Which computers are working out their moves ("🤖 **Ada (computer)** is thinking…")."""
    who = joined([f"**{names[seat]}**" for seat in sorted(seats)], ", ")
    return tr_counted(len(seats), *THINKING, names=who)


def to_move_line(names: Sequence[str], seats: Collection[int]) -> str:
    """``"To move: **alice**"`` (names as written for messages); empty when nobody is."""
    if not seats:
        return ""
    return _("To move: {names}", names=", ".join(f"**{names[s]}**" for s in sorted(seats)))


def accent(game_name: str, state: object) -> discord.Colour:
    """A card's accent: the colour of the one seat to move (or the one winner), else the
    bot's own colour."""
    game = find_game(game_name)
    outcome = game.outcome(state)
    seats = set(outcome.winners) if outcome is not None else game.to_move(state)
    if len(seats) != 1:
        return COLOUR
    return discord.Colour.from_rgb(*seat_colour(next(iter(seats))))


def board_alt(record: GameRecord, state: object, headline: str | None) -> str:
    """The board picture's alt text from the public view: whose turn (or the final scores)
    and the last move, in plain words."""
    return alt_text(record.game, record.names, state, headline)


def alt_text(game_name: str, names: Sequence[str], state: object, headline: str | None) -> str:
    """:func:`board_alt` for a game by name, with its players' ``names``."""
    game = find_game(game_name)
    outcome = game.outcome(state)
    if outcome is not None:
        order = sorted(range(len(outcome.scores)), key=lambda s: (-outcome.scores[s], s))
        scores = ", ".join(f"{names[s]} {number(outcome.scores[s])}" for s in order)
        said = _("Final scores: {scores}.", scores=scores)
    else:
        seats = sorted(game.to_move(state))
        said = _("To move: {names}", names=", ".join(names[s] for s in seats))
    parts = [_("Picture of the {game} board.", game=game_title(game_name)), said]
    if headline:
        parts.append(_("Last: {move}", move=plain(headline)))
    return fit(" ".join(parts), ALT_LIMIT)


def turn_line(
    record: GameRecord, state: object, quiet: set[int] | frozenset[int] = frozenset()
) -> tuple[str, discord.AllowedMentions]:
    """Who is to move (pinged unless they opted out), or the final result once it is over."""
    game = find_game(record.game)
    outcome = game.outcome(state)
    if outcome is not None:
        return result_text(record, outcome.scores, outcome.winners, outcome.reason), (
            discord.AllowedMentions.none()
        )
    humans = [p for p in record.players if p.seat in game.to_move(state) and p.user_id is not None]
    if not humans:
        return "", discord.AllowedMentions.none()
    who = ", ".join(f"<@{p.user_id}>" for p in humans)
    users = [
        discord.Object(id=p.user_id)
        for p in humans
        if p.user_id is not None and p.user_id not in quiet
    ]
    return _("{who}: your turn.", who=who), discord.AllowedMentions(users=users)


def result_text(
    record: GameRecord, scores: Sequence[int], winners: Sequence[int], reason: str
) -> str:
    """The final scores, best first, with the winners marked."""
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    players = {p.seat: p for p in record.players}
    rows = []
    for seat in order:
        player = players[seat]
        crown = "🏆 " if seat in winners else ""
        label = _player_label(player.user_id, player.shown_name)
        rows.append(f"{crown}**{label}**: {number(scores[seat])}")
    # a sentence first, then the names: a name keeps its spelling at a sentence's start
    reason_text = fill_names(as_sentence(engine_text(current(), reason)), written(record.names))
    title = _("**Game over.**") + " " + reason_text
    return title + "\n" + "\n".join(rows)


def as_sentence(text: str) -> str:
    """``"every player has ended"`` → ``"Every player has ended."`` (call it before names are
    filled in: a name at the start keeps its spelling)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def event_lines(
    events: Sequence[Event], names: Sequence[str], told: Collection[int] = ()
) -> list[str]:
    """What happened, one line per event, with players' names filled in; events that only
    retell a move of a seat in ``told`` (whose headline said it already) are left out."""
    lines = [
        fill_names(event_text(current(), e), names)
        for e in events
        if e.text and not (e.retells and e.data.get("seat") in told)
    ]
    if len(lines) > MAX_EVENT_LINES:
        hidden = len(lines) - MAX_EVENT_LINES
        lines = [*lines[:MAX_EVENT_LINES], _("… and {count} more.", count=hidden)]
    return lines


def reminder_text(record: GameRecord, user_ids: list[int]) -> str:
    """The nudge sent when players to move have been quiet for a while."""
    who = ", ".join(f"<@{u}>" for u in user_ids)
    title = game_title(record.game)
    return _(
        "⏰ {who}: game #{id} of {game} is waiting for you. "
        "`/game status` shows the board; **My moves** lists what you can do.",
        who=who,
        id=record.id,
        game=title,
    )


def _player_label(user_id: int | None, name: str) -> str:
    return f"<@{user_id}>" if user_id is not None else as_written(name)
