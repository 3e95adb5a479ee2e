"""A player's private hand panel: their cards drawn as cards, and the placement slot by slot.

The panel is an ephemeral message: a picture of the player's own view (hand and slots), a
select menu of the twelve slots, a select menu of the cards that may go into the chosen slot,
and **Confirm placement**. Every pick is applied at once and the panel redrawn; nothing is
final until the player confirms. Custom ids carry the game and the round, so a panel from an
earlier round is answered with the current one. A panel acts for whoever clicks it, on their
own cards only (only its owner can see it anyway).
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Sequence

import discord

from engine.competition.deck import IslandCard
from engine.competition.slots import SLOTS
from engine.core import IllegalAction, fill_names
from render.competition import render_hand
from render.competition.labels import join_names, seat_name
from render.competition.model import BLIND, Entry, Table, parse_table

from ..components import ExplainsErrors, picked
from ..presenter import COLOUR
from .access import Here, detached_view, here
from .keeper import keeper_of
from .texts import island, plural, slot_text, value_text

HAND_FILE = "hand.png"
EMPTY = "-"
"""The card-menu value that empties the slot."""
STALE_NOTE = "The game moved on since that panel was shown; here is your hand now."
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150


async def open_hand(interaction: discord.Interaction) -> None:
    """Answer with the player's hand panel, privately."""
    found = await here(interaction)
    seat = found.seat(interaction.user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    embed, view = hand_panel(found, seat)
    await interaction.followup.send(
        embed=embed,
        file=await hand_picture(found, seat),
        view=view or discord.utils.MISSING,
        ephemeral=True,
    )


def hand_panel(
    found: Here, seat: int, *, slot: int | None = None, note: str = ""
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The panel of ``seat`` (its picture is :func:`hand_picture`), with the menus while it
    may place; ``slot`` is the slot whose cards are offered (the first empty one if None)."""
    view = found.service.view(found.record, found.state, seat)
    table = parse_table(view.data)
    placing = table.phase == "place" and seat in table.to_move
    guide = _guide(table, found.record.names, placing, view.data["you"]["face_down"])
    embed = discord.Embed(
        title=f"Your hand · round {table.round} of {table.rounds}",
        description="\n\n".join(part for part in (note, guide) if part),
        colour=COLOUR,
    )
    embed.set_image(url=f"attachment://{HAND_FILE}")
    if not placing:
        return embed, None
    own = table.you
    assert own is not None
    slot = _first_empty(table) if slot is None else slot
    full = all(entry is not None for _, entry in own.placement)
    controls = detached_view(
        _slot_menu(found.record.id, table, slot),
        _card_menu(found.record.id, table, slot),
        ConfirmButton(found.record.id, table.round, enabled=full),
    )
    return embed, controls


async def hand_picture(found: Here, seat: int) -> discord.File:
    """The picture of ``seat``'s own view: its cards drawn as cards, and its slots."""
    view = found.service.view(found.record, found.state, seat)
    png = await asyncio.to_thread(render_hand, view, found.record.names)
    return discord.File(io.BytesIO(png), filename=HAND_FILE)


def _guide(table: Table, names: Sequence[str], placing: bool, face_down: Sequence[str]) -> str:
    """What the player can do now, and their face-down pile (only they may see it)."""
    own = table.you
    assert own is not None
    pile = (
        f"\nYour face-down pile ({len(face_down)}): "
        + ", ".join(island(card).name_en for card in face_down)
        if face_down
        else ""
    )
    if placing:
        placed = sum(entry is not None for _, entry in own.placement)
        blinds = f" You have {plural(own.blinds, 'blind card')} left." if own.blinds else ""
        return (
            f"**{placed} of {len(SLOTS)} slots filled.** Pick a slot, then the card for it: "
            "above the strip (▲) the highest value takes the trick, below (▼) the lowest. "
            f"You can change anything until you press **Confirm placement**.{blinds}{pile}"
        )
    if table.phase == "place":
        waiting = [seat_name(names, p.seat) for p in table.players if p.active and not p.confirmed]
        return f"Your placement is confirmed; waiting for {join_names(waiting)}.{pile}"
    return f"Your slots still to be revealed are shown below; the reveal runs on the board.{pile}"


def _first_empty(table: Table) -> int:
    own = table.you
    assert own is not None
    return next((i for i, (_, entry) in enumerate(own.placement) if entry is None), 0)


def _next_empty(table: Table, after: int) -> int:
    """The next empty slot after ``after`` (wrapping round), or ``after`` if all are full."""
    own = table.you
    assert own is not None
    count = len(own.placement)
    for step in range(1, count + 1):
        index = (after + step) % count
        if own.placement[index][1] is None:
            return index
    return after


def _entry_text(entry: Entry, category: str) -> str:
    """What a slot holds, e.g. ``Usedom · 445 km²``, ``blind card`` or ``empty``."""
    if entry is None:
        return "empty"
    if isinstance(entry, str):
        return "blind card"
    return f"{entry.name_en} · {value_text(entry.id, category)}"


def _slot_menu(game_id: int, table: Table, current: int) -> SlotMenu:
    own = table.you
    assert own is not None
    options = [
        discord.SelectOption(
            label=slot_text(index),
            value=str(index),
            description=_entry_text(entry, SLOTS[index].category),
            default=index == current,
        )
        for index, (_, entry) in enumerate(own.placement)
    ]
    return SlotMenu(game_id, table.round, options)


def _card_menu(game_id: int, table: Table, slot: int) -> CardMenu:
    own = table.you
    assert own is not None
    now = _entry_text(own.placement[slot][1], SLOTS[slot].category)
    placeholder = f"Card for {slot_text(slot)} (now: {now})"
    return CardMenu(game_id, table.round, slot, _card_options(table, slot), placeholder)


def _card_options(table: Table, slot: int) -> list[discord.SelectOption]:
    """The islands that may move into ``slot`` (best first), a blind card, or emptying it."""
    own = table.you
    assert own is not None
    category, high = SLOTS[slot].category, SLOTS[slot].high
    current = own.placement[slot][1]
    elsewhere = [
        (index, entry)
        for index, (_, entry) in enumerate(own.placement)
        if isinstance(entry, IslandCard) and entry != current
    ]
    placed_at = {card.id: index for index, card in elsewhere}
    cards = [*own.hand, *(card for _, card in elsewhere)]

    def strength(card: IslandCard) -> float:
        value = card.value(category)
        if value is None:
            return float("inf")
        return -value if high else value

    options = []
    for card in sorted(cards, key=strength):
        if card.value(category) is None:
            note = f"no {category} value: it may not go in this slot"
        elif card.id in placed_at:
            note = f"now in {slot_text(placed_at[card.id])}: moves here"
        else:
            note = f"in your hand · {card.sea.display_name}"
        options.append(
            discord.SelectOption(
                label=f"{card.name_en} · {value_text(card.id, category)}",
                value=card.id,
                description=note[:MAX_OPTION_TEXT],
            )
        )
    if own.blinds and current != BLIND:
        options.append(
            discord.SelectOption(
                label="Blind card", value=BLIND, description="takes no trick; hides a weak slot"
            )
        )
    if current is not None:
        options.append(
            discord.SelectOption(
                label="Empty this slot", value=EMPTY, description="the card goes back to your hand"
            )
        )
    return options


class PanelStep(ExplainsErrors):
    """A panel component: checks that the panel still fits the game, then does its step.

    A panel fits while its round is being placed and its player has not confirmed; otherwise
    it is redrawn as things stand now, and nothing is applied.
    """

    game_id: int
    round: int

    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        found = await here(interaction)
        seat = found.seat(interaction.user.id)
        table = found.table(seat)
        if (
            found.record.id != self.game_id
            or table.round != self.round
            or table.phase != "place"
            or seat not in table.to_move
        ):
            await _show(interaction, found, seat, note=STALE_NOTE)
            return
        await self.step(interaction, found, seat)

    async def step(self, interaction: discord.Interaction, found: Here, seat: int) -> None:
        raise NotImplementedError


class SlotMenu(
    PanelStep,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"cmp:slot:(?P<game>\d+):(?P<round>\d+)",
):
    """The twelve slots with what each holds; picking one shows the cards for it."""

    def __init__(
        self, game_id: int, round_: int, options: list[discord.SelectOption] | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"cmp:slot:{game_id}:{round_}",
                options=options or [],
                placeholder="Slot",
            )
        )
        self.game_id = game_id
        self.round = round_

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> SlotMenu:
        return cls(int(match["game"]), int(match["round"]))

    async def step(self, interaction: discord.Interaction, found: Here, seat: int) -> None:
        await _show(interaction, found, seat, slot=int(picked(self.item)[0]), picture=False)


class CardMenu(
    PanelStep,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"cmp:card:(?P<game>\d+):(?P<round>\d+):(?P<slot>\d+)",
):
    """The cards that may go into one slot; picking one places it at once."""

    def __init__(
        self,
        game_id: int,
        round_: int,
        slot: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"cmp:card:{game_id}:{round_}:{slot}",
                options=options or [],
                placeholder=(placeholder or "Card")[:MAX_PLACEHOLDER],
            )
        )
        self.game_id = game_id
        self.round = round_
        self.slot = slot

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> CardMenu:
        return cls(int(match["game"]), int(match["round"]), int(match["slot"]))

    async def step(self, interaction: discord.Interaction, found: Here, seat: int) -> None:
        choice = picked(self.item)[0]
        slot = SLOTS[self.slot]
        if choice == EMPTY:
            notation = f"UNPLACE {slot}"
        else:
            notation = f"PLACE {choice.upper() if choice == BLIND else choice} {slot}"
        await _apply(interaction, found, seat, notation, self.slot)


class ConfirmButton(
    PanelStep,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cmp:confirm:(?P<game>\d+):(?P<round>\d+)",
):
    """Locks the placement (enabled once all twelve slots are filled)."""

    def __init__(self, game_id: int, round_: int, *, enabled: bool = True) -> None:
        super().__init__(
            discord.ui.Button(
                label="Confirm placement",
                style=discord.ButtonStyle.success,
                custom_id=f"cmp:confirm:{game_id}:{round_}",
                disabled=not enabled,
            )
        )
        self.game_id = game_id
        self.round = round_

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> ConfirmButton:
        return cls(int(match["game"]), int(match["round"]))

    async def step(self, interaction: discord.Interaction, found: Here, seat: int) -> None:
        await _apply(interaction, found, seat, "CONFIRM", None)


async def _apply(
    interaction: discord.Interaction, found: Here, seat: int, notation: str, slot: int | None
) -> None:
    """Apply a placement action and redraw the panel; a refusal is explained on the panel."""
    try:
        result = await found.service.play(
            found.record.channel_id, interaction.user.id, notation, interaction_id=interaction.id
        )
    except IllegalAction as refused:
        note = f"⚠ {fill_names(refused.message, found.record.names)}"
        await _show(interaction, found, seat, slot=slot, note=note, picture=False)
        return
    after = Here(found.service, result.record, result.state)
    table = after.table(seat)
    next_slot = _next_empty(table, slot) if slot is not None and table.phase == "place" else None
    await _show(interaction, after, seat, slot=next_slot)
    if notation == "CONFIRM":
        await keeper_of(interaction.client).after(result, seat)


async def _show(
    interaction: discord.Interaction,
    found: Here,
    seat: int,
    *,
    slot: int | None = None,
    note: str = "",
    picture: bool = True,
) -> None:
    """Redraw the panel the interaction came from (its picture too, unless only the chosen
    slot changed)."""
    embed, view = hand_panel(found, seat, slot=slot, note=note)
    if picture:
        files = [await hand_picture(found, seat)]
        await interaction.edit_original_response(embed=embed, attachments=files, view=view)
    else:
        await interaction.edit_original_response(embed=embed, view=view)


DYNAMIC_ITEMS = (SlotMenu, CardMenu, ConfirmButton)
