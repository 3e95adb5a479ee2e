"""The state as JSON-compatible data and back (secrets included: this is what the store saves)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Rng

from .state import SEA_ORDER, CompetitionState, Job, RevealedSlot, SeatState


def state_to_json(state: CompetitionState) -> dict[str, Any]:
    """The whole state as plain JSON data."""
    return {
        "num_players": state.num_players,
        "variant": state.variant,
        "rounds": state.rounds,
        "islands_per_hand": state.islands_per_hand,
        "blinds_per_hand": state.blinds_per_hand,
        "rng": state.rng.to_json(),
        "round": state.round,
        "draw_pile": list(state.draw_pile),
        "seats": [_seat_to_json(seat) for seat in state.seats],
        "next_slot": state.next_slot,
        "revealed": [
            {
                "slot": shown.slot,
                "plays": [[seat, entry] for seat, entry in shown.plays],
                "takers": list(shown.takers),
                "removed": list(shown.removed),
            }
            for shown in state.revealed
        ],
        "jobs": [
            {"kind": job.kind, "seat": job.seat, "cards": list(job.cards), "count": job.count}
            for job in state.jobs
        ],
        "removed": list(state.removed),
        "finished": state.finished,
    }


def state_from_json(data: Mapping[str, Any]) -> CompetitionState:
    """The inverse of :func:`state_to_json`."""
    return CompetitionState(
        num_players=int(data["num_players"]),
        variant=str(data["variant"]),
        rounds=int(data["rounds"]),
        islands_per_hand=int(data["islands_per_hand"]),
        blinds_per_hand=int(data["blinds_per_hand"]),
        rng=Rng.from_json(data["rng"]),
        round=int(data["round"]),
        draw_pile=tuple(data["draw_pile"]),
        seats=tuple(_seat_from_json(seat) for seat in data["seats"]),
        next_slot=int(data["next_slot"]),
        revealed=tuple(
            RevealedSlot(
                slot=int(shown["slot"]),
                plays=tuple((int(seat), str(entry)) for seat, entry in shown["plays"]),
                takers=tuple(int(seat) for seat in shown["takers"]),
                removed=tuple(shown["removed"]),
            )
            for shown in data["revealed"]
        ),
        jobs=tuple(
            Job(str(job["kind"]), int(job["seat"]), tuple(job["cards"]), int(job["count"]))
            for job in data["jobs"]
        ),
        removed=tuple(data["removed"]),
        finished=bool(data["finished"]),
    )


def _seat_to_json(seat: SeatState) -> dict[str, Any]:
    return {
        "hand": list(seat.hand),
        "blinds": seat.blinds,
        "draft": list(seat.draft),
        "confirmed": seat.confirmed,
        "face_up": {sea: list(pile) for sea, pile in zip(SEA_ORDER, seat.face_up, strict=True)},
        "face_down": list(seat.face_down),
        "resigned": seat.resigned,
    }


def _seat_from_json(data: Mapping[str, Any]) -> SeatState:
    return SeatState(
        hand=tuple(data["hand"]),
        blinds=int(data["blinds"]),
        draft=tuple(data["draft"]),
        confirmed=bool(data["confirmed"]),
        face_up=tuple(tuple(data["face_up"][sea]) for sea in SEA_ORDER),
        face_down=tuple(data["face_down"]),
        resigned=bool(data["resigned"]),
    )
