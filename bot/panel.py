"""The private panel: every game's moves offered by taps, from the engine's menus.

One ephemeral message per player shows their own picture, the question of the menu they are
at and its choices: up to five buttons, or one select menu (several picks where the game asks
for them), with Back. Custom ids carry the game, the seat's version (see
``Game.seat_version``) and the path of choices, so the panel holds no state of its own, works
after a restart, and a panel drawn before the seat's options changed is answered with the
current menu. A path that completes an action plays it: the move is saved, the panel shows the
new picture and the next menu, and the channel gets the new board.

Every tap is acknowledged first (a deferred update of the panel), then answered by editing the
panel through that tap's own interaction, so a panel keeps working however old it is.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import discord

from engine.core import PICK_SEPARATOR, Choice, Marks, Menu, Path, fill_names, joined, lettered
from locales import N_, _, current

from .components import ExplainsErrors, picked, service_of
from .custom_ids import NUMBER, IdFormat
from .errors import UserError
from .i18n import as_written, engine_text, say
from .presenter import as_sentence
from .rendering import Drawer, MarkedBoard
from .service import GameService, PanelStep

PATH = r"[0-9+.]{0,70}"
VERSION = r"[0-9a-f]{8}"
TAP = IdFormat("tap", (("game", NUMBER), ("version", VERSION), ("path", PATH)))
"""A button: ``path`` is where it leads (a choice, Back, or the first menu)."""
PICK = IdFormat("pick", (("game", NUMBER), ("version", VERSION), ("path", PATH)))
"""A select: ``path`` is where it is; the picked values extend it."""
OPEN = IdFormat("open", (("game", NUMBER),))
"""A button on a game's public message that opens the user's panel."""
MAX_BUTTONS = 5
PICTURE = "panel.png"
PREVIEW_NOTE = N_("The picture shows your placement; nothing is played until you pick a build.")
CHANGE_LABEL = N_("Change the placement")
STALE_NOTE = N_("The game moved on since that panel was drawn; here is what you can do now.")
IDLE_TEXT = N_("Nothing to do for you right now. You will be pinged when it is your turn.")
OVER_TEXT = N_("This game is over.")


@dataclass(frozen=True, slots=True)
class PanelLook:
    """What a game adds to its panel: a picture other than its board (drawn from the seat's
    view), and lines about the seat's turn above the menu."""

    drawer: Drawer | None = None
    lines: Callable[[PanelStep], Sequence[str]] | None = None


LOOKS: dict[str, PanelLook] = {}
"""Each game's panel look, set by its cog; a game without one shows its board and the menu."""


def look_of(step: PanelStep) -> PanelLook:
    return LOOKS.get(step.record.game) or PanelLook()


def named(menu: Menu | None, names: list[str]) -> Menu | None:
    """The menu with seat placeholders replaced by players' names (then clipped again)."""
    if menu is None:
        return None
    lang = current()

    def words(text: str) -> str:
        return fill_names(engine_text(lang, text), names)

    choices = tuple(Choice(words(c.label), words(c.hint), c.at) for c in menu.choices)
    prompt = words(menu.prompt)
    return Menu(prompt, choices, menu.min_picks, menu.max_picks)


def shown(step: PanelStep) -> tuple[Menu | None, Marks]:
    """The step's menu as the panel shows it (names filled in, choices on the board lettered),
    and the letters' hexes."""
    menu = named(step.menu, step.record.names)
    return (None, ()) if menu is None else lettered(menu)


def composing(step: PanelStep) -> bool:
    """Whether the step is past an action picked earlier in the turn (shown as a preview)."""
    return step.turn is not None and bool(step.turn.before)


def encode(path: Path) -> str:
    return ".".join(path)


def decode(text: str) -> Path:
    return tuple(text.split(".")) if text else ()


def panel_text(step: PanelStep, labels: list[str], note: str = "") -> str:
    """The panel's words: a note, the choices taken so far, and the menu's question."""
    lines = [note] if note else []
    look = look_of(step)
    if look.lines is not None:
        lines.extend(look.lines(step))
    menu = shown(step)[0]
    if menu is None:
        lines.append(_(OVER_TEXT if step.record.status == "finished" else IDLE_TEXT))
        return "\n".join(lines)
    if composing(step):
        lines.append(_(PREVIEW_NOTE))
    if labels:
        lang, names = current(), step.record.names
        told = [capitalised(fill_names(engine_text(lang, label), names)) for label in labels]
        lines.append("› ".join(f"{label} " for label in told).strip())
    question, *more = menu.prompt.split("\n")
    lines.append(f"**{question}**")
    lines.extend(more)  # what the question lists (a suggested plan)
    if _as_buttons(menu):
        lines.extend(f"• {c.label}: {c.hint}" for c in menu.choices if c.hint)
    return "\n".join(lines)


def capitalised(text: str) -> str:
    """``text`` with its first letter upper-case (the rest as it was)."""
    return text[:1].upper() + text[1:]


def _as_buttons(menu: Menu) -> bool:
    return menu.max_picks == 1 and len(menu.choices) <= MAX_BUTTONS


def panel_view(
    step: PanelStep, tap: type[PanelTap] | None = None, pick: type[PanelPick] | None = None
) -> discord.ui.View:
    """The panel's components: the menu's choices, and Back once something was picked.

    ``tap`` and ``pick`` are the component kinds (by default a channel game's; the daily
    game's panel has its own ids), built from ``step.record.id``."""
    tap, pick = tap or PanelTap, pick or PanelPick
    view = discord.ui.View(timeout=None)
    menu, game_id, version = shown(step)[0], step.record.id, step.version
    if menu is None:
        return view
    if _as_buttons(menu):
        for index, choice in enumerate(menu.choices):
            target = (*step.path, str(index))
            view.add_item(tap(game_id, version, target, choice.label, primary=index == 0))
    else:
        view.add_item(pick(game_id, version, step.path, menu))
    if step.path:
        view.add_item(tap(game_id, version, step.path[:-1], N_("Back"), row=1))
    if composing(step) and len(step.path) > 1:  # (else Back leads there already)
        view.add_item(tap(game_id, version, (), CHANGE_LABEL, row=1))
    return view


async def picture(service: GameService, step: PanelStep) -> discord.File:
    """The seat's own picture of the game, as the panel shows it: after the actions picked
    earlier in the turn, with the menu's choices lettered on the board."""
    marks = shown(step)[1]
    drawer: Drawer | None = look_of(step).drawer
    name = ""
    if marks:
        marked = MarkedBoard.of(marks)
        drawer, name = marked, marked.name
    if composing(step):
        assert step.turn is not None
        name = f"after:{step.turn.before}:{name}"
    png = await service.render(step.record, step.preview, step.seat, drawer, name)
    return discord.File(io.BytesIO(png), filename=PICTURE)


async def open_panel(interaction: discord.Interaction, game_id: int | None = None) -> None:
    """Answer with a fresh private panel for the user in the channel's running game (which
    must be game ``game_id`` when one is given)."""
    service = service_of(interaction)
    assert interaction.channel_id is not None
    await interaction.response.defer(ephemeral=True, thinking=True)  # before loading the game
    step = await service.open_panel(interaction.channel_id, interaction.user.id)
    if game_id is not None and step.record.id != game_id:
        raise UserError("wrong_game_button")
    await interaction.followup.send(
        panel_text(step, []),
        file=await picture(service, step),
        view=panel_view(step),
        ephemeral=True,
    )


async def follow(interaction: discord.Interaction, game_id: int, version: str, path: Path) -> None:
    """A tap on a panel: acknowledge, then show the next menu or play the completed move."""
    service = service_of(interaction)
    assert interaction.channel_id is not None
    await interaction.response.defer()
    step = await service.choose(
        interaction.channel_id,
        interaction.user.id,
        game_id,
        version,
        path,
        interaction_id=interaction.id,
    )
    if step.move is None:
        note = _(STALE_NOTE) if step.stale else ""
        names = step.record.names
        labels = [] if step.stale else service.menu_labels(step)
        labels = [fill_names(engine_text(current(), label), names) for label in labels]
        await interaction.edit_original_response(
            content=panel_text(step, labels, note),
            attachments=[await picture(service, step)],
            view=panel_view(step),
        )
        return
    move = step.move
    mine = [a for a in move.applied if a.user_id == interaction.user.id]
    described = joined([service.describe(move.record, a.notation) for a in mine], "; ")
    headline = say(
        "**{name}** {move}", name=as_written(interaction.user.display_name), move=described
    )
    await interaction.edit_original_response(
        content=panel_text(step, [], as_sentence(headline.text(current()))),
        attachments=[await picture(service, step)],
        view=panel_view(step),
    )
    client: Any = interaction.client
    await client.show_change(interaction.channel_id, move, headline)


class PanelItem(ExplainsErrors):
    """A panel component: its id (``ids``) carries the game, the seat version and the path."""

    ids: ClassVar[IdFormat]
    game_id: int
    version: str
    path: Path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Any:
        fields = cls.ids.read(match)
        return cls(fields["game"], fields["version"], decode(fields["path"]))


class PanelTap(PanelItem, discord.ui.DynamicItem[discord.ui.Button], template=TAP.template):
    """A button of the panel: a choice, Back, or the way to the first menu."""

    ids: ClassVar[IdFormat] = TAP

    def __init__(
        self,
        game_id: int,
        version: str,
        path: Path,
        label: str = N_("Choose"),
        *,
        primary: bool = False,
        row: int | None = None,
    ) -> None:
        style = discord.ButtonStyle.primary if primary else discord.ButtonStyle.secondary
        custom_id = self.ids.make(game=game_id, version=version, path=encode(path))
        button = discord.ui.Button(label=_(label), style=style, custom_id=custom_id, row=row)
        super().__init__(button)
        self.game_id, self.version, self.path = game_id, version, path

    async def run(self, interaction: discord.Interaction) -> None:
        await follow(interaction, self.game_id, self.version, self.path)


class PanelPick(PanelItem, discord.ui.DynamicItem[discord.ui.Select], template=PICK.template):
    """The select of a panel's menu; the picked options extend the path."""

    ids: ClassVar[IdFormat] = PICK

    def __init__(self, game_id: int, version: str, path: Path, menu: Menu | None = None) -> None:
        custom_id = self.ids.make(game=game_id, version=version, path=encode(path))
        select: discord.ui.Select = discord.ui.Select(custom_id=custom_id)
        if menu is not None:
            select.placeholder = menu.prompt.split("\n")[0][:150]
            select.min_values, select.max_values = max(menu.min_picks, 1), menu.max_picks
            for index, choice in enumerate(menu.choices):
                select.add_option(
                    label=choice.label, value=str(index), description=choice.hint or None
                )
        super().__init__(select)
        self.game_id, self.version, self.path = game_id, version, path

    async def run(self, interaction: discord.Interaction) -> None:
        await follow(interaction, self.game_id, self.version, self.picked_path())

    def picked_path(self) -> Path:
        """The path this select's picks lead to."""
        picks = sorted(picked(self.item), key=int)
        return (*self.path, PICK_SEPARATOR.join(picks))


class PanelOpen(ExplainsErrors, discord.ui.DynamicItem[discord.ui.Button], template=OPEN.template):
    """A button on a game's public message: opens the user's panel for that game."""

    def __init__(self, game_id: int, label: str = N_("My moves")) -> None:
        custom_id = OPEN.make(game=game_id)
        style = discord.ButtonStyle.primary
        super().__init__(discord.ui.Button(label=_(label), style=style, custom_id=custom_id))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> PanelOpen:
        return cls(OPEN.read(match)["game"], item.label or "My moves")

    async def run(self, interaction: discord.Interaction) -> None:
        await open_panel(interaction, self.game_id)


PANEL_ITEMS = (PanelTap, PanelPick, PanelOpen)
