"""A click on a component routed to its dynamic item without making the clicked message.

discord.py answers a click on a dynamic item (every component of the bot is one) by making
the clicked message into a :class:`discord.Message` (every text, picture and button of a
card, as discord.py's objects) and then a whole view of it, only to find the one component
clicked and swap the item in. A panel's card has a select of up to 25 options and a dozen
other parts: the view cost the event loop more than the rest of the event's parsing, and
the message about as much as all of that rest.

- :func:`route_clicks_directly` has the client's view store find the clicked component in
  Discord's payload of the message and make the item from it alone; the item is then
  checked and called as discord.py calls it (its select's values refreshed, its
  ``interaction_check`` and its ``callback``), and a failure is logged as discord.py logs it.
- :func:`parse_clicks_lazily` makes a click a :class:`Click`, whose message is made only
  if something asks for it; what a click's handlers read of the message (the component
  clicked, a select's options, the picture's file name) they read from the payload
  (:func:`message_payload`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import discord
from discord.components import _component_factory
from discord.state import ConnectionState
from discord.ui.view import ViewStore, _component_to_item

log = logging.getLogger(__name__)
COMPONENT = discord.InteractionType.component.value
_MESSAGE_SLOT: Any = discord.Interaction.__dict__["message"]
"""Where discord.py's interaction keeps its message (a slot)."""
Payload = dict[str, Any]


class Click(discord.Interaction):
    """A click on a component: its message (:attr:`message`) is made from Discord's payload
    the first time it is asked for, not as the event is parsed."""

    __slots__ = ("message_data",)

    def _from_data(self, data: Any) -> None:
        self.message_data: Payload | None = None
        super()._from_data({key: value for key, value in data.items() if key != "message"})
        self.message_data = data.get("message")

    @property  # type: ignore[override]
    def message(self) -> discord.Message | None:
        """The clicked message, made when first asked for (:meth:`made_message`)."""
        made = _MESSAGE_SLOT.__get__(self, Click)
        if made is None and self.message_data is not None:
            made = self.made_message(self.message_data)
            _MESSAGE_SLOT.__set__(self, made)
        return made

    def made_message(self, data: Payload) -> discord.Message:
        """The message of payload ``data``, made as discord.py makes an interaction's."""
        made = discord.Message(state=self._state, channel=self.channel, data=data)  # type: ignore[arg-type]
        if made.guild is None:
            made.guild = self.guild
        return made

    @message.setter
    def message(self, value: discord.Message | None) -> None:
        _MESSAGE_SLOT.__set__(self, value)


def parse_clicks_lazily(
    state: ConnectionState[Any], parse: Callable[[Any], None]
) -> Callable[[Any], None]:
    """The gateway's ``INTERACTION_CREATE`` parser ``parse`` (discord.py's), with a click on a
    component made a :class:`Click` and dispatched as discord.py dispatches it: to the
    dynamic items, and to a view kept in memory for its message when there is one (only
    then is the message made, to look it up)."""
    store = state._view_store

    def parsed(data: Any) -> None:
        if data.get("type") != COMPONENT:
            parse(data)
            return
        click = Click(data=data, state=state)
        component_type, custom_id = data["data"]["component_type"], data["data"]["custom_id"]
        if store._views:  # discord.py keeps views with items of their own (none of the bot's)
            store.dispatch_view(component_type, custom_id, click)
        else:
            store.dispatch_dynamic_items(component_type, custom_id, click)
        state.dispatch("interaction", click)

    return parsed


def message_payload(interaction: discord.Interaction) -> Payload | None:
    """Discord's payload of the message whose component was clicked (its ``components``
    and ``attachments``), without making it a :class:`discord.Message` when it was not."""
    if isinstance(interaction, Click) and interaction.message_data is not None:
        return interaction.message_data
    message = interaction.message
    if message is None:
        return None
    return {
        "components": [component.to_dict() for component in message.components],
        "attachments": [attachment.to_dict() for attachment in message.attachments],
    }


def route_clicks_directly(store: ViewStore) -> None:
    """Make ``store`` (a client's view store) call dynamic items by :func:`call_dynamic_item`
    (set on the instance, so it is called without the store)."""
    store.schedule_dynamic_item_call = call_dynamic_item  # type: ignore[method-assign]


async def call_dynamic_item(
    component_type: int,
    factory: type[discord.ui.DynamicItem[Any]],
    interaction: discord.Interaction,
    custom_id: str,
    match: re.Match[str],
) -> None:
    """Make the dynamic item of the component clicked (found in the message by its type and
    id; none found: nothing happens, as in discord.py) and call it."""
    message = message_payload(interaction)
    if message is None:
        return
    found = clicked(message.get("components", ()), component_type, custom_id)
    component = None if found is None else _component_factory(found)  # type: ignore[arg-type]
    if component is None:
        return
    try:
        item = await factory.from_custom_id(interaction, _component_to_item(component), match)
    except Exception:
        log.exception("Ignoring exception in dynamic item creation for %r", factory)
        return
    item._refresh_state(interaction, interaction.data)  # type: ignore[arg-type]
    try:
        allowed = await item.interaction_check(interaction)
    except Exception:
        allowed = False
    if not allowed:
        return
    try:
        await item.callback(interaction)
    except Exception:
        log.exception("Ignoring exception in dynamic item callback for %r", item)


def clicked(components: Sequence[Payload], component_type: int, custom_id: str) -> Payload | None:
    """The component of a message's payload with that type and id, wherever it is nested."""
    for component in nested(components):
        if component.get("type") == component_type and component.get("custom_id") == custom_id:
            return component
    return None


def nested(components: Sequence[Payload]) -> Iterator[Payload]:
    """Every component of a message's payload, those inside rows, cards and sections
    included."""
    for component in components:
        yield component
        yield from nested(component.get("components", ()))
        accessory = component.get("accessory")
        if accessory is not None:
            yield accessory
