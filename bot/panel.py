"""The private panel: every game's moves offered by taps, from the engine's menus.

One ephemeral message per player shows their own picture, the question of the menu they are
at and its choices: up to five buttons, or one select menu (several picks where the game asks
for them), with Back. Custom ids carry the game, the seat's version (see
``Game.seat_version``) and the path of choices, so the panel holds no state of its own, works
after a restart, and a panel drawn before the seat's options changed is answered with the
current menu. A path that completes an action plays it: the move is saved, the panel shows the
new picture and the next menu, and the channel gets the new board. A choice that ends the
seat's game (``Choice.ends``) is never played by one tap: its button leads to a question
(the path's last element ends with :data:`ASK`), and only "Yes" there plays it.

Every tap is acknowledged first (a deferred update of the panel), then answered by editing the
panel through that tap's own interaction, so a panel keeps working however old it is.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar

import discord

from engine.core import PICK_SEPARATOR, Choice, Marks, Menu, Path, fill_names, joined, lettered
from locales import N_, _, current, tr_counted
from render import seat_colour

from .cards import Card, LaidOut, edit_into, plain
from .clicks import message_payload
from .components import ExplainsErrors, acknowledge, picked, service_of
from .custom_ids import NUMBER, IdFormat
from .discord_requests import defer, edit_answer, send_follow_up
from .errors import UserError
from .faces import PanelLook, face_of
from .i18n import as_written, engine_text, game_title, written
from .presenter import (
    accent,
    as_sentence,
    board_alt,
    move_headline,
    own_move_line,
    thinking_text,
)
from .rendering import Drawer, MarkedBoard
from .service import GameService, MoveResult, PanelStep
from .service.navigator import (
    Laid,
    LinesOf,
    PictureFor,
    PictureOrder,
    capitalised,
    name_menu,
)

PATH = r"[0-9+.!]{0,70}"
VERSION = r"[0-9a-f]{8}"
TAP = IdFormat("tap", (("game", NUMBER), ("version", VERSION), ("path", PATH)))
"""A button: ``path`` is where it leads (a choice, Back, or the first menu)."""
PICK = IdFormat("pick", (("game", NUMBER), ("version", VERSION), ("path", PATH)))
"""A select: ``path`` is where it is; the picked values extend it."""
OPEN = IdFormat("open", (("game", NUMBER),))
"""A button on a game's public message that opens the user's panel."""
MAX_BUTTONS = 5
ASK = "!"
"""Ends a path element that asks to confirm that choice instead of playing it."""
SURE_TEXT = N_("This cannot be undone. Are you sure?")
SURE_LABEL = N_("Yes, I am sure")
NOT_SURE_LABEL = N_("No, go back")
PICTURE = "panel.png"
INVALID_FORM = 400
"""Discord's answer to an edit naming a picture the message no longer has."""
PICTURE_NAMED = re.compile(r"panel-([0-9a-f]{16})\.png")
"""A panel picture's file name carries its fingerprint: a tap on the panel tells which picture
the panel shows, so an unchanged one is neither drawn nor uploaded again."""
PREVIEW_NOTE = N_("The picture shows your placement; nothing is played until you pick a build.")
CHANGE_LABEL = N_("Change the placement")
STALE_NOTE = N_("The game moved on since that panel was drawn; here is what you can do now.")
IDLE_TEXT = N_("Nothing to do for you right now. You will be pinged when it is your turn.")
NEXT_LABEL = N_("Show my turn")
LOOK: Path = (ASK,)
"""The path of **Show my turn**: the seat's panel as it is now, whatever it was drawn for."""
NEXT_NOTE = N_("Or tap **{label}** to look now.")
NO_TURNS_TEXT = N_("You have no more turns in this game.")
OVER_TEXT = N_("This game is over.")
NAMED_MOVERS = 5
WAITING_FOR = N_("Waiting for {names}.")
"""An idle panel names up to this many players to move (more: it counts them)."""
THINKING_NOTE = N_("Your panel shows your next turn as soon as it comes.")


def look_of(step: PanelStep) -> PanelLook:
    return face_of(step.seated.game).panel_look


def lines_of(game: str) -> LinesOf | None:
    """The lines a game shows above its panel's menu, if any."""
    return face_of(game).panel_look.lines


def shown(step: PanelStep) -> tuple[Menu | None, Marks]:
    """The step's menu as the panel shows it (names filled in, choices on the board lettered),
    and the letters' hexes."""
    plan, lang = step.plan, current()
    menu = plan.named if plan.lang == lang else name_menu(plan.menu, step.seated.names, lang)
    return (None, ()) if menu is None else lettered(menu)


def composing(step: PanelStep) -> bool:
    """Whether the step is past an action picked earlier in the turn (shown as a preview)."""
    return bool(step.before)


def encode(path: Path) -> str:
    return ".".join(path)


def decode(text: str) -> Path:
    return tuple(text.split(".")) if text else ()


def panel_text(step: PanelStep, labels: list[str], note: str = "", *, endings: bool = True) -> str:
    """The panel's words: a note, the choices taken so far, and the menu's question (with
    the hints of its buttons; without ``endings``, the choices that end the game are not
    offered, nor told)."""
    lines = [note] if note else []
    lines.extend(step.plan.lines)
    menu = shown(step)[0]
    if menu is None:
        lines.extend(idle_lines(step))
        return "\n".join(lines)
    if step.plan.thinking:  # (they play meanwhile: the player's own turn goes on)
        lines.append(thinking_line(step))
    if composing(step):
        lines.append(_(PREVIEW_NOTE))
    if labels:
        lang, names = current(), written(step.seated.names)
        told = [fill_names(capitalised(engine_text(lang, label)), names) for label in labels]
        lines.append("› ".join(f"{label} " for label in told).strip())
    assert step.menu is not None
    prompt = fill_names(engine_text(current(), step.menu.prompt), written(step.seated.names))
    question, *more = prompt.split("\n")
    lines.append(f"**{question}**")
    lines.extend(more)  # what the question lists (a suggested plan)
    if _as_buttons(menu):
        told = [c for c in menu.choices if c.hint and (endings or not c.ends)]
        lines.extend(f"• {c.label}: {c.hint}" for c in told)
    return "\n".join(lines)


def turn_to_come(step: PanelStep) -> bool:
    """Whether a seat with nothing to do now will have a turn again in this game."""
    return not step.seated.finished and step.plan.waiting is not None


def idle_lines(step: PanelStep) -> list[str]:
    """What a panel with no menu says: the game is over, the seat's game is, or whom it
    waits for, that the player will be pinged, and how to look for the next turn meanwhile."""
    if step.seated.finished:
        return [_(OVER_TEXT)]
    if not turn_to_come(step):
        return [_(NO_TURNS_TEXT)]
    if step.plan.thinking:
        return [thinking_line(step), _(THINKING_NOTE)]
    lines = [_(IDLE_TEXT), _(NEXT_NOTE, label=_(NEXT_LABEL))]
    waiting = step.plan.waiting
    movers = step.plan.to_move
    if movers and len(movers) <= NAMED_MOVERS:
        names = written(step.seated.names)
        who = joined([f"**{names[s]}**" for s in movers], ", ")
        lines.insert(0, _(WAITING_FOR, names=who))
    elif waiting:
        others = N_("Waiting for 1 other player."), N_("Waiting for {count} other players.")
        lines.insert(0, tr_counted(waiting, *others))
    return lines


def thinking_line(step: PanelStep) -> str:
    """Which computers are working out their moves ("🤖 Ada (computer) is thinking…")."""
    return thinking_text(written(step.seated.names), step.plan.thinking)


def _as_buttons(menu: Menu) -> bool:
    return menu.max_picks == 1 and len(menu.choices) <= MAX_BUTTONS


def looked(version: str, path: Path) -> tuple[str | None, Path]:
    """The version and path a tap asks for: **Show my turn** asks for a new panel (no
    version: the seat's first menu now, not a panel out of date)."""
    return (None, ()) if path == LOOK else (version, path)


def asked(path: Path) -> tuple[Path, int | None]:
    """A tapped path and the choice it asks to confirm (None: it asks nothing): a path that
    asks leads to the menu holding that choice."""
    if path and path[-1].endswith(ASK) and path[-1][:-1].isdigit():
        return path[:-1], int(path[-1][:-1])
    return path, None


def ending_choice(step: PanelStep, index: int | None) -> Choice | None:
    """The choice of the step's menu that ``index`` asks to confirm, if it ends the game."""
    menu = shown(step)[0]
    if index is None or menu is None or step.stale or not 0 <= index < len(menu.choices):
        return None
    choice = menu.choices[index]
    return choice if choice.ends else None


def sure_text(step: PanelStep, choice: Choice) -> str:
    """The question before a choice that ends the seat's game."""
    lines = [*step.plan.lines, f"**{as_written(choice.label)}**", choice.hint, _(SURE_TEXT)]
    return "\n".join(line for line in lines if line)


def panel_view(
    step: PanelStep,
    tap: type[PanelTap] | None = None,
    pick: type[PanelPick] | None = None,
    *,
    asking: int | None = None,
    endings: bool = True,
) -> discord.ui.View:
    """The panel's components: the menu's choices, and Back once something was picked.

    ``tap`` and ``pick`` are the component kinds (by default a channel game's; the daily
    game's panel has its own ids), built from ``step.seated.id``. A choice that ends the
    seat's game is a red button asking first (none without ``endings``); while ``asking``
    about one, the components are "Yes" and "No"."""
    tap, pick = tap or PanelTap, pick or PanelPick
    view = discord.ui.View(timeout=None)
    menu, game_id, version = shown(step)[0], step.seated.id, step.version
    if menu is None:
        if turn_to_come(step):
            view.add_item(tap(game_id, version, LOOK, NEXT_LABEL, primary=True))
        return view
    if asking is not None:
        sure = (*step.path, str(asking))
        view.add_item(tap(game_id, version, sure, SURE_LABEL, style=discord.ButtonStyle.danger))
        view.add_item(tap(game_id, version, step.path, NOT_SURE_LABEL))
        return view
    ending = [(i, c) for i, c in enumerate(menu.choices) if c.ends]
    if _as_buttons(menu):
        for index, choice in enumerate(menu.choices):
            if not choice.ends:
                target = (*step.path, str(index))
                view.add_item(tap(game_id, version, target, choice.label, primary=index == 0))
    else:
        view.add_item(pick(game_id, version, step.path, menu))
    shown_endings = ending if endings else []
    for number, (index, choice) in enumerate(shown_endings):
        target = (*step.path, f"{index}{ASK}")
        style = discord.ButtonStyle.danger
        row = 1 + number // MAX_BUTTONS
        view.add_item(tap(game_id, version, target, choice.label, style=style, row=row))
    last = 1 + len(shown_endings) // MAX_BUTTONS  # a row with room for Back
    if step.path:
        view.add_item(tap(game_id, version, step.path[:-1], N_("Back"), row=last))
    if composing(step) and len(step.path) > 1:  # (else Back leads there already)
        view.add_item(tap(game_id, version, (), CHANGE_LABEL, row=last))
    return view


def panel_card(step: PanelStep, text: str, image: str = PICTURE) -> Card:
    """The private panel as a card: the game, what the panel says, the seat's picture (the
    file ``image``; alt text: the panel's own words, which name the turn, the score and what
    is asked)."""
    title = game_title(step.seated.game)
    alt = _("Picture of your {game} board.", game=title) + "\n" + text
    colour = discord.Colour.from_rgb(*seat_colour(step.seat))
    return Card(title=title, text=text, colour=colour, image=image, alt=plain(alt))


def picture_name(digest: str) -> str:
    """The file name of the panel picture with fingerprint ``digest``."""
    return f"panel-{digest}.png"


def shown_picture(interaction: discord.Interaction) -> str:
    """The fingerprint of the picture the tapped panel shows ("" when it is not known)."""
    message = message_payload(interaction) or {}
    for attachment in message.get("attachments", ()):
        named = PICTURE_NAMED.fullmatch(str(attachment.get("filename", "")))
        if named:
            return named.group(1)
    return ""


def picture_for(shown: str = "", *, laid: bool = True) -> PictureFor:
    """The picture a game's panel shows, drawn with its menu unless its fingerprint is
    ``shown`` (the panel shows it already); with ``laid``, the panel's components are laid
    out there too (:func:`laid_out`)."""

    def order(game: str) -> PictureOrder:
        look = face_of(game).panel_look
        return PictureOrder(look.drawer, look.own_part, shown, laid_out if laid else None)

    return order


def laid_out(step: PanelStep, said: str) -> Laid:
    """The components of the panel ``step`` shows, opening with ``said`` (what the player
    just did; else the note that the panel was out of date, if it was): the card
    :func:`show_step` would build, laid out where the step is planned (a worker process:
    the event loop then only sends it). Its picture is the one drawn with the step."""
    assert step.drawn is not None
    note = said or tap_note(step)
    text = panel_text(step, list(step.plan.labels), note)
    card = panel_card(step, text, picture_name(step.drawn.digest))
    return card.layout(panel_view(step)).to_components()


def tap_note(step: PanelStep) -> str:
    """What a panel says first after a tap that played nothing: that the game moved on
    since it was drawn (not while computers think: the panel says so instead)."""
    waits = step.menu is None and bool(step.plan.thinking)
    return _(STALE_NOTE) if step.stale and not waits else ""


async def picture(service: GameService, step: PanelStep) -> tuple[str, list[discord.File] | None]:
    """The file name of the seat's own picture of the game, as the panel shows it (after the
    actions picked earlier in the turn, with the menu's choices lettered on the board), and
    the file to upload: None when the panel shows that picture already (the edit keeps it).
    Drawn with the menu when the step was asked for with :func:`picture_for`."""
    drawn = step.drawn
    if drawn is not None:
        name = picture_name(drawn.digest)
        kept = drawn.png is None
        return name, None if kept else [discord.File(io.BytesIO(drawn.png), filename=name)]
    marks = shown(step)[1]
    look = look_of(step)
    drawer: Drawer | None = look.drawer
    own_part = look.own_part and drawer is not None
    name = ""
    if marks:
        marked = MarkedBoard.of(marks)
        drawer, name, own_part = marked, marked.name, False
    if composing(step):
        name = f"after:{step.before}:{name}"
    view = step.preview(own_part)
    png = await service.render_view(step.seated, view, step.seat, drawer, name)
    return PICTURE, [discord.File(io.BytesIO(png), filename=PICTURE)]


async def show_step(
    interaction: discord.Interaction,
    service: GameService,
    step: PanelStep,
    text: Callable[[], str],
) -> str:
    """Edit the tapped panel into ``step`` saying ``text()``, its picture kept when
    unchanged; returns the fingerprint of the picture it shows ("" when not known). A kept
    picture the panel no longer shows (another tap on the same panel changed it meanwhile)
    is drawn and uploaded again."""
    try:
        await _edit_into(interaction, service, step, text)
    except discord.HTTPException as error:
        if step.drawn is None or step.drawn.png is not None or error.status != INVALID_FORM:
            raise
        step.drawn = step.laid = None  # the kept picture is gone: draw it again
        await _edit_into(interaction, service, step, text)
    return step.drawn.digest if step.drawn is not None else ""


async def _edit_into(
    interaction: discord.Interaction,
    service: GameService,
    step: PanelStep,
    text: Callable[[], str],
) -> None:
    """Edit the tapped panel into ``step`` saying ``text()`` (not asked when its components
    were laid out with the step), with its picture."""
    image, files = await picture(service, step)
    await edit_answer(interaction, **edit_into(panel_layout(step, text, image), files))


def panel_layout(
    step: PanelStep, text: Callable[[], str], image: str
) -> discord.ui.LayoutView | LaidOut:
    """The panel's card with its components: as laid out with the step, or built here."""
    if step.laid is not None:
        return LaidOut(step.laid)
    return panel_card(step, text(), image).layout(panel_view(step))


async def open_panel(interaction: discord.Interaction, game_id: int | None = None) -> None:
    """Answer with a fresh private panel for the user in the channel's running game (which
    must be game ``game_id`` when one is given)."""
    service = service_of(interaction)
    assert interaction.channel_id is not None
    await acknowledge(interaction)  # before loading the game
    try:
        step = await service.open_panel(
            interaction.channel_id, interaction.user.id, lines_of, picture_for()
        )
    except UserError as error:
        card, file = await finished_game(interaction, game_id, error)
        await interaction.followup.send(**card.send(files=[file]), ephemeral=True)
        return
    if game_id is not None and step.seated.id != game_id:
        raise UserError("wrong_game_button")
    image, files = await picture(service, step)
    layout = panel_layout(step, partial(panel_text, step, []), image)
    await send_follow_up(interaction, view=layout, files=files or [])
    await after_computers(interaction, step, "", step.drawn.digest if step.drawn else "")


async def follow(interaction: discord.Interaction, game_id: int, version: str, path: Path) -> None:
    """A tap on a panel: acknowledge, then show the next menu or play the completed move."""
    service = service_of(interaction)
    assert interaction.channel_id is not None
    await defer(interaction)
    drawn_for, path = looked(version, path)
    path, asking = asked(path)
    shows = shown_picture(interaction)
    try:
        step = await service.choose(
            interaction.channel_id,
            interaction.user.id,
            game_id,
            drawn_for,
            path,
            interaction_id=interaction.id,
            lines=lines_of,
            picture=picture_for(shows),
            said=partial(said_of, interaction),
        )
    except UserError as error:
        card, file = await finished_game(interaction, game_id, error)
        await edit_answer(interaction, **card.edit(None, [file]))
        return
    choice = ending_choice(step, asking) if step.move is None else None
    if choice is not None:  # the picture stays: only the words and buttons change
        kept = picture_name(shows) if shows else PICTURE
        card = panel_card(step, sure_text(step, choice), kept)
        await edit_answer(interaction, **card.edit(panel_view(step, asking=asking)))
        return
    if step.move is None:
        text = partial(panel_text, step, list(step.plan.labels), tap_note(step))
        shows = await show_step(interaction, service, step, text)
        await after_computers(interaction, step, "", shows)
        return
    move, user = step.move, interaction.user
    headline = move_headline(move, user.id, user.display_name)
    shows = await show_step(interaction, service, step, partial(panel_text, step, [], step.said))
    await service.sink.show(move, headline)
    await after_computers(interaction, step, step.said, shows)


def said_of(interaction: discord.Interaction, move: MoveResult) -> str:
    """What the panel says the player did with ``move`` (their own words for it)."""
    user = interaction.user
    return as_sentence(own_move_line(move, user.id, user.display_name).text(current()))


async def after_computers(
    interaction: discord.Interaction, step: PanelStep, said: str, shows: str
) -> None:
    """If the panel ``step`` says computers are thinking: once they have moved, the panel
    shows the player's turn (or whom the game waits for now, or that it is over), under
    ``said`` (what the player did); ``shows`` is the fingerprint of the picture the panel
    shows now."""
    if not step.plan.thinking or step.menu is not None:  # a menu in use is not redrawn
        return
    client: Any = interaction.client
    await client.computers_moved(step.seated.id)
    service = service_of(interaction)
    assert interaction.channel_id is not None
    try:
        step = await service.open_panel(
            interaction.channel_id, interaction.user.id, lines_of, picture_for(shows, laid=False)
        )
    except UserError as error:
        card, file = await finished_game(interaction, step.seated.id, error)
        await edit_answer(interaction, **card.edit(None, [file]))
        return
    await show_step(interaction, service, step, partial(panel_text, step, [], said))


async def finished_game(
    interaction: discord.Interaction, game_id: int | None, error: UserError
) -> tuple[Card, discord.File]:
    """The answer to a panel or its button when the channel has no running game: if the
    button's game ``game_id`` is over, "This game is over" with its final picture as the user
    may see it (a later lobby in the channel is another game); else ``error`` is raised."""
    service = service_of(interaction)
    record = None if game_id is None else await service.store.get_game(game_id)
    if record is None or record.status != "finished" or record.state_text is None:
        raise error
    if record.channel_id != interaction.channel_id:
        raise error
    state = service.state_of(record)
    png = await service.render(record, state, record.seat_of(interaction.user.id))
    card = Card(
        title=game_title(record.game),
        text=_(OVER_TEXT),
        colour=accent(record.game, state),
        image=PICTURE,
        alt=board_alt(record, state, None),
    )
    return card, discord.File(io.BytesIO(png), filename=PICTURE)


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
        style: discord.ButtonStyle | None = None,
        row: int | None = None,
    ) -> None:
        if style is None:
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
                if not choice.ends:  # a button of its own asks first (see panel_view)
                    select.add_option(
                        label=choice.label, value=str(index), description=choice.hint or None
                    )
            select.max_values = min(select.max_values, len(select.options))
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
