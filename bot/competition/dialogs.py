"""The taker's private dialogs: splitting a trick, and taking cards for national borders.

Split: one select menu of the trick's cards that go face up on their own sea piles (the rest go
face down). Its bounds are the rule: at least one card face up and, from two cards on, at least
one face down, so only legal splits can be picked; **Confirm split** then applies it. A
one-card trick (or a tied player's own card) gets two buttons: face down, or face up.

Steal: a select menu of the other players' sea piles (the top card of each), then a button for
where the card goes (its sea pile face up, or face down), and **Done** to stop early.

Custom ids carry the game and the state version, so a dialog from an earlier trick is
answered with the current one. Dialogs act for whoever clicks them, on their own trick only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from engine.competition.actions import DOWN, SEA
from engine.competition.cards import CARD_TOKEN_PREFIX
from engine.competition.deck import SEAS, Sea
from engine.core import IllegalAction, fill_names
from render.competition.labels import seat_name, slot_label
from render.competition.model import Job, Table

from ..components import ExplainsErrors, picked
from ..errors import UserError
from ..presenter import COLOUR
from .access import GAME, Here, detached_view, here
from .keeper import keeper_of
from .texts import island, island_label, plural

MAX_OPTIONS = 25


@dataclass(frozen=True, slots=True)
class StealChoice:
    """What the taker has picked so far in the steal dialog."""

    victim: int | None = None
    pile: str | None = None
    """``"<victim>:<card>"``: the top card of one of the victim's sea piles."""


NO_CHOICE = StealChoice()
STALE_NOTE = "The game moved on since that dialog was shown; here is where things stand now."
UP, DOWN_BIT = "1", "0"
"""A split's mask has one character per trick card: face up, or face down."""


async def open_dialog(interaction: discord.Interaction) -> None:
    """Answer the taker with their split or steal dialog; explain to anyone else whose it is."""
    found = await here(interaction)
    seat = found.seat(interaction.user.id)
    table = found.table(seat)
    if not table.pending:
        raise UserError("islands_no_trick")
    job = table.pending[0]
    if job.seat != seat:
        doing = "splitting a trick" if job.kind == "split" else "taking cards for national borders"
        raise UserError(
            "islands_not_your_trick", who=seat_name(found.record.names, job.seat), doing=doing
        )
    embed, view = dialog(found, seat)
    await interaction.response.send_message(
        embed=embed, view=view or discord.utils.MISSING, ephemeral=True
    )


def dialog(
    found: Here,
    seat: int,
    *,
    face_up: Sequence[str] = (),
    choice: StealChoice = NO_CHOICE,
    note: str = "",
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The dialog for ``seat``'s current job (a closing text when it has none)."""
    table = found.table(seat)
    job = table.pending[0] if table.pending else None
    if job is None or job.seat != seat:
        text = "\n\n".join(p for p in (note, "Nothing of yours is waiting now.") if p)
        return discord.Embed(description=text, colour=COLOUR), None
    version = found.record.version
    if job.kind == "split":
        return _split_dialog(found, table, job, version, face_up, note)
    return _steal_dialog(found, table, job, version, choice, note)


def _split_dialog(
    found: Here, table: Table, job: Job, version: int, face_up: Sequence[str], note: str
) -> tuple[discord.Embed, discord.ui.View]:
    names = found.record.names
    slot = slot_label(table.tricks[-1].slot) if table.tricks else "this slot"
    rows = [
        f"• {island_label(card.id)}: {_standing(table, names, job.seat, card.sea)}"
        for card in job.cards
    ]
    if len(job.cards) == 1:
        rule = "A single card goes where you like: face down, or face up on its sea pile."
    else:
        rule = (
            "Put at least one card face down and at least one face up on the pile of its own "
            "sea; the rest as you like. Pick the cards that go **face up**."
        )
    text = "\n".join([note, f"**Your trick from {slot}**", *rows, "", rule]).strip()
    embed = discord.Embed(title="Split your trick", description=text, colour=COLOUR)
    game_id = found.record.id
    if len(job.cards) == 1:
        sea = job.cards[0].sea.display_name
        return embed, detached_view(
            SplitButton(game_id, version, DOWN_BIT, label="Face down"),
            SplitButton(game_id, version, UP, label=f"Face up on the {sea} pile"),
        )
    chosen = [card.id for card in job.cards if card.id in face_up]
    options = [
        discord.SelectOption(
            label=card.name_en,
            value=card.id,
            description=f"face up on the {card.sea.display_name} pile",
            default=card.id in chosen,
        )
        for card in job.cards
    ]
    items: list[discord.ui.Item[Any]] = [FaceUpMenu(game_id, version, options, len(job.cards) - 1)]
    if chosen:
        mask = "".join(UP if card.id in chosen else DOWN_BIT for card in job.cards)
        down = len(job.cards) - len(chosen)
        label = f"Confirm: {len(chosen)} face up, {down} face down"
        items.append(SplitButton(game_id, version, mask, label=label))
        up = ", ".join(island(card).name_en for card in chosen)
        embed.add_field(
            name="Your split", value=f"Face up: {up}\nFace down: {plural(down, 'card')}"
        )
    return embed, detached_view(*items)


def _standing(table: Table, names: Sequence[str], seat: int, sea: Sea) -> str:
    """``you have 2 face up, bob 3`` for one sea (the strongest other player)."""
    index = SEAS.index(sea)
    mine = table.players[seat].face_up[index]
    best, who = max(
        ((p.face_up[index], p.seat) for p in table.players if p.seat != seat and p.active),
        default=(0, seat),
    )
    if not best:
        return f"you have {mine} face up, nobody else any"
    return f"you have {mine} face up, {seat_name(names, who)} {best}"


def _steal_dialog(
    found: Here, table: Table, job: Job, version: int, choice: StealChoice, note: str
) -> tuple[discord.Embed, discord.ui.View]:
    names = found.record.names
    piles = _piles(found, job.seat)
    text = "\n".join(
        [
            note,
            f"Your trick carried national borders: you may take "
            f"{plural(job.remaining, 'face-up card')} from the other players' sea piles onto "
            "your own piles (its sea pile face up, or face down). Stealing is optional.",
        ]
    ).strip()
    embed = discord.Embed(title="National borders", description=text, colour=COLOUR)
    items: list[discord.ui.Item[Any]] = []
    game_id = found.record.id
    if len(piles) > MAX_OPTIONS:
        victims = sorted({victim for victim, *_ in piles})
        items.append(VictimMenu(game_id, version, _victim_options(victims, names, choice)))
        piles = [pile for pile in piles if pile[0] == choice.victim]
    if piles:
        mine = table.players[job.seat].face_up
        options = [
            discord.SelectOption(
                label=f"{seat_name(names, victim)} · {island(card).sea.display_name} ({count})",
                value=f"{victim}:{card}",
                description=f"takes {island(card).name_en}: you would have "
                f"{mine[SEAS.index(island(card).sea)] + 1}, they {count - 1}",
                default=f"{victim}:{card}" == choice.pile,
            )
            for victim, card, count in piles
        ]
        items.append(PileMenu(game_id, version, options))
    if choice.pile is not None:
        victim, _, card = choice.pile.partition(":")
        sea = island(card).sea.display_name
        items += [
            StealButton(game_id, version, int(victim), card, SEA, f"Onto my {sea} pile"),
            StealButton(game_id, version, int(victim), card, DOWN, "Face down"),
        ]
    items.append(StopButton(game_id, version))
    return embed, detached_view(*items)


def _victim_options(
    victims: Sequence[int], names: Sequence[str], choice: StealChoice
) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(
            label=seat_name(names, victim), value=str(victim), default=victim == choice.victim
        )
        for victim in victims
    ]


def _piles(found: Here, seat: int) -> list[tuple[int, str, int]]:
    """``(victim, top card, size)`` of every other player's non-empty sea pile, largest first
    (a pile's cards are alike for the scoring, so its top card is the one offered)."""
    players = found.service.view(found.record, found.state, None).data["players"]
    piles = [
        (player["seat"], cards[-1].removeprefix(CARD_TOKEN_PREFIX), len(cards))
        for player in players
        if player["seat"] != seat and player["active"]
        for cards in player["face_up"].values()
        if cards
    ]
    return sorted(piles, key=lambda pile: (-pile[2], pile[0]))


class DialogStep(ExplainsErrors):
    """A dialog component: checks that the dialog is current, then does its step."""

    game_id: int
    version: int

    async def run(self, interaction: discord.Interaction) -> None:
        found = await here(interaction)
        seat = found.seat(interaction.user.id)
        if found.record.id != self.game_id or found.record.version != self.version:
            await _redraw(interaction, found, seat, note=STALE_NOTE)
            return
        await self.step(interaction, found, seat)

    async def step(self, interaction: discord.Interaction, found: Here, seat: int) -> None:
        raise NotImplementedError


class FaceUpMenu(
    DialogStep,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"cmp:up:(?P<game>\d+):(?P<version>\d+)",
):
    """The cards of the trick that go face up (between one and all but one)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        options: list[discord.SelectOption] | None = None,
        most: int = 1,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"cmp:up:{game_id}:{version}",
                options=options or [],
                min_values=1,
                max_values=max(1, most),
                placeholder="Cards to put face up (the rest go face down)",
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> FaceUpMenu:
        return cls(int(match["game"]), int(match["version"]))

    async def step(self, interaction: discord.Interaction, found: Here, seat: int) -> None:
        await _redraw(interaction, found, seat, face_up=picked(self.item))


class SplitButton(
    DialogStep,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cmp:split:(?P<game>\d+):(?P<version>\d+):(?P<mask>[01]+)",
):
    """Applies a split: one character per card of the trick, ``1`` face up, ``0`` face down."""

    def __init__(self, game_id: int, version: int, mask: str, label: str = "Confirm split"):
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.success,
                custom_id=f"cmp:split:{game_id}:{version}:{mask}",
            )
        )
        self.game_id = game_id
        self.version = version
        self.mask = mask

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> SplitButton:
        return cls(int(match["game"]), int(match["version"]), match["mask"])

    async def step(self, interaction: discord.Interaction, found: Here, seat: int) -> None:
        trick = found.state.jobs[0].cards  # the version matches: the trick this was drawn for
        assignments = " ".join(
            f"{card}={SEA if bit == UP else DOWN}"
            for card, bit in zip(trick, self.mask, strict=False)
        )
        await _act(interaction, found, seat, f"SPLIT {assignments}", self.version)


class VictimMenu(
    DialogStep,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"cmp:victim:(?P<game>\d+):(?P<version>\d+)",
):
    """Whose piles to choose from, when there are too many piles for one menu."""

    def __init__(
        self, game_id: int, version: int, options: list[discord.SelectOption] | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"cmp:victim:{game_id}:{version}",
                options=options or [],
                placeholder="Take from whom?",
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> VictimMenu:
        return cls(int(match["game"]), int(match["version"]))

    async def step(self, interaction: discord.Interaction, found: Here, seat: int) -> None:
        choice = StealChoice(victim=int(picked(self.item)[0]))
        await _redraw(interaction, found, seat, choice=choice)


class PileMenu(
    DialogStep,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"cmp:pile:(?P<game>\d+):(?P<version>\d+)",
):
    """The other players' sea piles to take a card from."""

    def __init__(
        self, game_id: int, version: int, options: list[discord.SelectOption] | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"cmp:pile:{game_id}:{version}",
                options=options or [],
                placeholder="Take a card from …",
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> PileMenu:
        return cls(int(match["game"]), int(match["version"]))

    async def step(self, interaction: discord.Interaction, found: Here, seat: int) -> None:
        pile = picked(self.item)[0]
        choice = StealChoice(victim=int(pile.partition(":")[0]), pile=pile)
        await _redraw(interaction, found, seat, choice=choice)


class StealButton(
    DialogStep,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cmp:steal:(?P<game>\d+):(?P<version>\d+):(?P<victim>\d+):(?P<card>[a-z0-9-]+)"
    r":(?P<to>sea|down)",
):
    """Takes the chosen card onto one of the taker's piles."""

    def __init__(
        self, game_id: int, version: int, victim: int, card: str, to: str, label: str = "Take"
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.success if to == SEA else discord.ButtonStyle.primary,
                custom_id=f"cmp:steal:{game_id}:{version}:{victim}:{card}:{to}",
            )
        )
        self.game_id = game_id
        self.version = version
        self.notation = f"STEAL {card} FROM {victim} TO {to.upper()}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> StealButton:
        return cls(
            int(match["game"]),
            int(match["version"]),
            int(match["victim"]),
            match["card"],
            match["to"],
        )

    async def step(self, interaction: discord.Interaction, found: Here, seat: int) -> None:
        await _act(interaction, found, seat, self.notation, self.version)


class StopButton(
    DialogStep,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cmp:stop:(?P<game>\d+):(?P<version>\d+)",
):
    """Gives up the remaining steals."""

    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Done: take no more",
                style=discord.ButtonStyle.secondary,
                custom_id=f"cmp:stop:{game_id}:{version}",
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> StopButton:
        return cls(int(match["game"]), int(match["version"]))

    async def step(self, interaction: discord.Interaction, found: Here, seat: int) -> None:
        await _act(interaction, found, seat, "STEAL DONE", self.version)


async def _redraw(
    interaction: discord.Interaction,
    found: Here,
    seat: int,
    *,
    face_up: Sequence[str] = (),
    choice: StealChoice = NO_CHOICE,
    note: str = "",
) -> None:
    """Redraw the dialog the interaction came from."""
    embed, view = dialog(found, seat, face_up=face_up, choice=choice, note=note)
    await interaction.response.edit_message(embed=embed, view=view)


async def _act(
    interaction: discord.Interaction, found: Here, seat: int, notation: str, version: int
) -> None:
    """Apply a split or steal; the dialog then shows what comes next for this player."""
    names = found.record.names
    try:
        result = await found.service.play(
            found.record.channel_id,
            interaction.user.id,
            notation,
            interaction_id=interaction.id,
            expected_version=version,
        )
    except IllegalAction as refused:
        await _redraw(interaction, found, seat, note=f"⚠ {fill_names(refused.message, names)}")
        return
    done = GAME.describe_action(GAME.parse(notation))
    after = Here(found.service, result.record, result.state)
    note = f"✓ {seat_name(names, seat)} {fill_names(done, names)}."
    await _redraw(interaction, after, seat, note=note)
    await keeper_of(interaction.client).after(result, seat)


DYNAMIC_ITEMS = (FaceUpMenu, SplitButton, VictimMenu, PileMenu, StealButton, StopButton)
