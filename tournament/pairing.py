"""Pairings for every format: Swiss duels as a weighted matching, Swiss tables by local search,
round robin by the circle method, knockout re-seeded each round.

Swiss duels use networkx's maximum-weight matching (Edmonds' blossom algorithm): every pair
of players who may meet is an edge whose weight falls with a rematch (by far the most), then
with the difference of their points, then with the distance of their places in the ranking
(by points, then rating). A maximum-cardinality matching of greatest weight therefore has the
fewest rematches possible, then pairs equal scores, then neighbours (first with second, …).
An odd count adds a bye node, joined only to players who have not had a bye, weighted like a
player ranked below everyone: the bye goes to the lowest-ranked player who can take it
without forcing a rematch.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from .model import Entrant, Round, Table, Tournament
from .scoring import Card, advancer, cards

BYE = -1
REMATCH = 10**12
REPEATED_TABLE = 10**15
WINDOW = 12
"""Neighbours each player is first matched among in a big Swiss field."""
NEAR_TABLES = 3
"""How far apart two tables may be in the first round of swaps (then any two, if a
repeated table is left)."""


def ranking(tournament: Tournament, players: Sequence[Entrant], all_cards: dict[int, Card]):
    """Players by points, then rating, then registration order."""
    order = {e.id: i for i, e in enumerate(tournament.entrants)}
    return sorted(players, key=lambda e: (-all_cards[e.id].points, -e.rating, order[e.id]))


def active(tournament: Tournament, number: int) -> list[Entrant]:
    """Entrants who may be paired in round ``number``."""
    return [e for e in tournament.entrants if e.plays_in(number)]


def swiss_duels(tournament: Tournament, number: int) -> Round:
    """Round ``number`` of a two-player Swiss.

    A big field is first matched among neighbours only (each player joined to the
    :data:`WINDOW` players ranked nearest, the bye to the lowest-ranked): the blossom
    algorithm's time grows with the edges. That answer is kept when it pairs everyone with no
    rematch; otherwise the whole field is matched, so a rematch stays only when no pairing
    avoids it.
    """
    all_cards = cards(tournament)
    ranked = ranking(tournament, active(tournament, number), all_cards)
    if len(ranked) > 2 * WINDOW:
        near = _duels(ranked, all_cards, WINDOW)
        if near is not None:
            return _round(number, ranked, near, all_cards)
    matching = _duels(ranked, all_cards, None)
    assert matching is not None
    return _round(number, ranked, matching, all_cards)


def _duels(
    ranked: list[Entrant], all_cards: dict[int, Card], window: int | None
) -> set[tuple[int, int]] | None:
    """The best matching of ``ranked`` (indices; :data:`BYE` for the bye) with edges between
    players at most ``window`` places apart (None: all); with a window, None unless it pairs
    everyone without a rematch."""
    n = len(ranked)
    halves = [round(all_cards[e.id].points * 2) for e in ranked]
    lowest = min(halves, default=0)
    met = {e.id: all_cards[e.id].opponents for e in ranked}
    had_bye = {e.id for e in ranked if all_cards[e.id].byes}
    span = (max(halves, default=0) - lowest + 1) ** 2 * (n + 2) + n + 2
    assert span < REMATCH
    top = REMATCH * 2
    reach = window or n

    def cost(a: int, b: int, points_a: int, points_b: int) -> int:
        return (points_a - points_b) ** 2 * (n + 2) + abs(a - b)

    import networkx as nx  # 10 MB of modules: loaded by the first Swiss duel pairing only

    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for a in range(n):
        for b in range(a + 1, min(n, a + reach + 1)):
            rematch = ranked[b].id in met[ranked[a].id]
            if rematch and window is not None:
                continue
            weight = top - cost(a, b, halves[a], halves[b]) - (REMATCH if rematch else 0)
            graph.add_edge(a, b, weight=weight)
    if n % 2:
        takers = [i for i in range(n) if ranked[i].id not in had_bye] or list(range(n))
        for i in takers[-reach:]:
            graph.add_edge(i, BYE, weight=top - cost(i, n, halves[i], lowest))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if window is not None and len(matching) < (n + 1) // 2:
        return None
    return matching


def _round(
    number: int, ranked: list[Entrant], matching: set[tuple[int, int]], all_cards: dict[int, Card]
) -> Round:
    tables = []
    byes: list[int] = []
    for a, b in matching:
        if BYE in (a, b):
            byes.append(ranked[a if b == BYE else b].id)
            continue
        first, second = sorted((a, b))
        tables.append((first, Table(seat_order(ranked[first].id, ranked[second].id, all_cards))))
    tables.sort(key=lambda t: t[0])
    return Round(number, tuple(table for _, table in tables), tuple(byes))


def seat_order(a: int, b: int, all_cards: dict[int, Card]) -> tuple[int, int]:
    """Who sits first: the player who has sat first less often (the higher-ranked on a tie)."""
    return (b, a) if first_seats(b, all_cards) < first_seats(a, all_cards) else (a, b)


def first_seats(player: int, all_cards: dict[int, Card]) -> int:
    return sum(1 for game in all_cards[player].played if game.first)


def table_sizes(players: int, size: int) -> list[int]:
    """As few tables as seat everyone at ``size`` at most, sizes differing by one at most."""
    count = -(-players // size)
    return [players // count + (1 if i < players % count else 0) for i in range(count)]


def swiss_tables(tournament: Tournament, number: int) -> Round:
    """Round ``number`` of a Swiss for tables of three to six: neighbours in the ranking sit
    together, then swaps between tables remove repeated tables, then repeated opponents."""
    all_cards = cards(tournament)
    ranked = ranking(tournament, active(tournament, number), all_cards)
    n = len(ranked)
    if n < 2:
        return Round(number, (), tuple(e.id for e in ranked))
    ids = [e.id for e in ranked]
    halves = [round(all_cards[p].points * 2) for p in ids]
    met = [all_cards[p].opponents for p in ids]
    pair = [
        [
            (REMATCH if ids[b] in met[a] else 0)
            + (halves[a] - halves[b]) ** 2 * (n + 2)
            + abs(a - b)
            for b in range(n)
        ]
        for a in range(n)
    ]
    earlier = {frozenset(table.seats) for rnd in tournament.rounds for table in rnd.tables}

    def cost(table: list[int]) -> int:
        total = REPEATED_TABLE if frozenset(ids[i] for i in table) in earlier else 0
        return total + sum(pair[a][b] for a, b in combinations(table, 2))

    tables: list[list[int]] = []
    start = 0
    for size in table_sizes(n, tournament.settings.table_size):
        tables.append(list(range(start, start + size)))
        start += size
    improve(tables, cost, NEAR_TABLES)
    if any(cost(table) >= REPEATED_TABLE for table in tables):
        improve(tables, cost, None)
    tables.sort(key=min)
    return Round(number, tuple(Table(tuple(ids[i] for i in sorted(t))) for t in tables))


def improve(tables: list[list[int]], cost, reach: int | None, passes: int = 20) -> None:
    """Swap players between tables at most ``reach`` apart (None: any two) while a swap
    lowers the total cost (first improvement)."""
    costs = [cost(t) for t in tables]
    count = len(tables)
    for _ in range(passes):
        better = False
        for i in range(count):
            for j in range(i + 1, count if reach is None else min(count, i + reach + 1)):
                for a in range(len(tables[i])):
                    for b in range(len(tables[j])):
                        left = [*tables[i]]
                        right = [*tables[j]]
                        left[a], right[b] = right[b], left[a]
                        new_left, new_right = cost(left), cost(right)
                        if new_left + new_right < costs[i] + costs[j]:
                            tables[i], tables[j] = left, right
                            costs[i], costs[j] = new_left, new_right
                            better = True
        if not better:
            return


def round_robin(tournament: Tournament, number: int) -> Round:
    """Round ``number`` of a round robin by the circle method over the registration order:
    the first player stays, the others turn one place a round. Whoever has sat first less
    often sits first. A player without an opponent (odd count, or a drop) rests: a bye."""
    all_cards = cards(tournament)
    players: list[int | None] = [e.id for e in tournament.entrants]
    if len(players) % 2:
        players.append(None)
    n = len(players)
    turn = (number - 1) % (n - 1)
    rest = players[1:]
    rotated = [players[0], *rest[-turn:], *rest[:-turn]] if turn else players
    tables = []
    byes = []
    for i in range(n // 2):
        a, b = rotated[i], rotated[n - 1 - i]
        pair = [p for p in (a, b) if p is not None and tournament.entrant(p).plays_in(number)]
        if len(pair) == 2:
            tables.append(Table(seat_order(pair[0], pair[1], all_cards)))
        else:
            byes.extend(pair)
    return Round(number, tuple(tables), tuple(byes))


def round_robin_rounds(players: int) -> int:
    return players - 1 if players % 2 == 0 else players


def knockout_first_round_byes(players: int, size: int) -> int:
    """Byes in a knockout's first round, so that the field after it is a power of ``size``."""
    power = 1
    while power * size <= players:
        power *= size
    if power == players:
        return 0
    excess = players - power
    full, rest = divmod(excess, size - 1)
    return players - full * size - (rest + 1 if rest else 0)


def knockout_rounds(players: int, size: int) -> int:
    rounds = 0
    field = players
    first = True
    while field > 1:
        if first:
            byes = knockout_first_round_byes(field, size)
            field = byes + len(table_sizes_knockout(field - byes, size))
            first = False
        else:
            field = len(table_sizes_knockout(field, size))
        rounds += 1
    return rounds


def table_sizes_knockout(players: int, size: int) -> list[int]:
    """Full tables, and one smaller table for the rest (of two at least)."""
    full, rest = divmod(players, size)
    if rest == 1 and full:
        return table_sizes(players, size)
    return [size] * full + ([rest] if rest else [])


def knockout(tournament: Tournament, number: int) -> Round:
    """Round ``number`` of a knockout, seeded by rating (then registration): the best seeds
    take the first round's byes, the others are dealt to tables in a snake (1 and the last
    seed together in a two-player knockout), again each round among those still in. A later
    round has a bye only when a drop left an odd field of two-player tables."""
    order = {e.id: i for i, e in enumerate(tournament.entrants)}
    if number == 1:
        field = [e for e in tournament.entrants if e.plays_in(1)]
    else:
        previous = tournament.rounds[-1]
        going_on = [*previous.byes]
        for table in previous.tables:
            assert table.result is not None
            going_on.append(advancer(table.seats, table.result.scores, table.result.winners))
        field = [tournament.entrant(p) for p in going_on]
        field = [e for e in field if e.plays_in(number)]
    seeded = sorted(field, key=lambda e: (-e.rating, order[e.id]))
    size = tournament.settings.table_size
    if number == 1:
        byes = knockout_first_round_byes(len(seeded), size)
    else:  # only a drop leaves a later round odd: the best seed goes on without a game
        byes = len(seeded) % 2 if size == 2 else 0
    playing = seeded[byes:]
    sizes = table_sizes_knockout(len(playing), size)
    if len(playing) < 2:
        return Round(number, (), tuple(e.id for e in seeded))
    seats: list[list[int]] = [[] for _ in sizes]
    snake = snake_order(sizes)
    for entrant, table in zip(playing, snake, strict=True):
        seats[table].append(entrant.id)
    return Round(number, tuple(Table(tuple(t)) for t in seats), tuple(e.id for e in seeded[:byes]))


def snake_order(sizes: list[int]) -> list[int]:
    """Table indices for seeds dealt in a snake (0, 1, …, t-1, t-1, …, 0, …), skipping full
    tables."""
    free = [*sizes]
    order: list[int] = []
    forward = True
    while len(order) < sum(sizes):
        lane = range(len(sizes)) if forward else range(len(sizes) - 1, -1, -1)
        for table in lane:
            if free[table]:
                order.append(table)
                free[table] -= 1
        forward = not forward
    return order
