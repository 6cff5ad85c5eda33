"""The arena: agents measured against each other over shared deals, seats swapped.

`play_pair` plays ``deals`` pairs of matches between two agents: pair ``k`` is played twice from
the same seed ``seed + k`` (so from the same cards), agent A holding the even seats the first
time (seat 0, or partners 0 and 2) and the odd seats the second (seat 1, or partners 1 and 3),
so that neither agent gains from its seat or its cards. Matches are single deals unless the
options say otherwise (the options given are laid over ``{"target": None}``). Every match is
played by `play_match`, so every answer is checked.

A `Pairing` keeps one `DealRecord` per match and sums them up in a `PairSummary`:

* A's **score rate**: its wins plus half its ties, over the matches played (a *tie* is a match
  whose winners include both sides, such as a drawn single hand of Burraco), with the Wilson
  score interval at 95 % confidence;
* the **mean margin** (A's points minus B's, ``parlour.score`` at the match's end: the deal's
  points in a single-deal match), with a 95 % Student *t* interval over the pairs: the two
  seatings of a pair are averaged first, as they share their cards and are not independent;
* the **CPU time per decision** of each agent (``time.thread_time`` around each ``choose``
  call, so other processes on the machine do not count), its median (p50) and 90th percentile.

`round_robin` plays every pairing of several agents over the same deals and `RoundRobin.ratings`
fits a Bradley–Terry model to the results (`bradley_terry`), on the Elo scale.

Everything but the CPU times is a function of ``seed``: no global random state is used.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from statistics import NormalDist
from typing import Any, Literal

import attrs

from parlour.agents._base import (
    Agent,
    AgentSpecError,
)
from parlour.agents._runner import play_match
from parlour.agents._specs import make_agent
from parlour.engine import (
    Move,
    check_seed,
    new_game,
    players,
    score,
    winners,
)

__all__ = [
    "DealRecord",
    "PairSummary",
    "Pairing",
    "RoundRobin",
    "bradley_terry",
    "mean_interval",
    "play_pair",
    "round_robin",
    "wilson_interval",
]

Z_95 = NormalDist().inv_cdf(0.975)
"""The standard normal quantile of a two-sided 95 % interval (1.95996…)."""

SINGLE_DEAL: Mapping[str, Any] = {"target": None}
"""The options every arena match starts from; the options given are laid over them."""

Clock = Callable[[], float]
Side = Literal["A", "B", "tie"]


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of the proportion ``successes / trials`` (95 % by default).

    ``successes`` may count halves (a tie is half a win); no trials give ``(0.0, 1.0)``.

    Raises: `ValueError` for ``successes`` below 0 or above ``trials``.

    >>> from parlour.agents import wilson_interval
    >>> [round(bound, 3) for bound in wilson_interval(8, 10)]
    [0.49, 0.943]
    """
    if trials == 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be from 0 to {trials}, not {successes}")
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    return (max(0.0, centre - half / denominator), min(1.0, centre + half / denominator))


def _t_975(freedom: int) -> float:
    """The 97.5 % quantile of Student's *t* with ``freedom`` degrees of freedom: exact for 1
    and 2, else the Cornish–Fisher expansion of Abramowitz and Stegun 26.7.5 (3.179 for 3,
    against 3.182 in the tables; within 5e-4 of them from 4 on)."""
    if freedom == 1:
        return math.tan(math.pi * 0.475)
    if freedom == 2:
        return 0.95 / math.sqrt(2 * 0.975 * 0.025)
    z = Z_95
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    n = float(freedom)
    return z + g1 / n + g2 / n**2 + g3 / n**3 + g4 / n**4


def mean_interval(values: Sequence[float]) -> tuple[float, float] | None:
    """The 95 % Student *t* interval of the mean of ``values`` (``None`` for fewer than two).

    Raises: nothing.

    >>> from parlour.agents import mean_interval
    >>> [round(bound, 3) for bound in mean_interval([1.0, 2.0, 3.0, 4.0])]
    [0.448, 4.552]
    """
    count = len(values)
    if count < 2:
        return None
    mean = math.fsum(values) / count
    variance = math.fsum((value - mean) ** 2 for value in values) / (count - 1)
    half = _t_975(count - 1) * math.sqrt(variance / count)
    return (mean - half, mean + half)


def _percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile of ``values``, interpolated between order statistics (as
    ``statistics.quantiles(method="inclusive")``); 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    place = share * (len(ordered) - 1)
    low = math.floor(place)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (place - low)


@attrs.frozen(kw_only=True)
class DealRecord:
    """One arena match: ``pair`` (its pair's number, from 0), the match's ``seed`` and
    ``dealer``, the seats agent A held (``a_seats``), each side's points (``points``: A's, B's),
    the ``winner`` (``"A"``, ``"B"`` or ``"tie"``), and each agent's CPU seconds per decision
    (``decision_seconds``: A's, B's, in the order of play)."""

    pair: int
    seed: int
    dealer: int
    a_seats: tuple[int, ...]
    points: tuple[int, int]
    winner: Side
    decision_seconds: tuple[tuple[float, ...], tuple[float, ...]]

    @property
    def margin(self) -> int:
        """A's points minus B's."""
        return self.points[0] - self.points[1]

    @property
    def decisions(self) -> tuple[int, int]:
        """How many moves each agent chose (A's, B's)."""
        return (len(self.decision_seconds[0]), len(self.decision_seconds[1]))

    @property
    def cpu_seconds(self) -> tuple[float, float]:
        """Each agent's CPU seconds over the match (A's, B's)."""
        return (math.fsum(self.decision_seconds[0]), math.fsum(self.decision_seconds[1]))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (the decisions counted and timed, not listed one by one)."""
        return {
            "pair": self.pair,
            "seed": self.seed,
            "dealer": self.dealer,
            "a_seats": list(self.a_seats),
            "points": list(self.points),
            "margin": self.margin,
            "winner": self.winner,
            "decisions": list(self.decisions),
            "cpu_seconds": list(self.cpu_seconds),
        }


@attrs.frozen(kw_only=True)
class PairSummary:
    """What a `Pairing` comes to (see the module docstring): A's ``wins``, ``losses`` and
    ``ties`` over ``matches``; its ``score_rate`` (a tie counts half) with ``score_interval``;
    the ``mean_margin`` with ``margin_interval`` (``None`` under two pairs); and each agent's CPU
    seconds per decision, ``cpu_p50`` and ``cpu_p90`` (A's, B's)."""

    matches: int
    wins: int
    losses: int
    ties: int
    score_rate: float
    score_interval: tuple[float, float]
    mean_margin: float
    margin_interval: tuple[float, float] | None
    cpu_p50: tuple[float, float]
    cpu_p90: tuple[float, float]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        interval = self.margin_interval
        return {
            "matches": self.matches,
            "wins": self.wins,
            "losses": self.losses,
            "ties": self.ties,
            "score_rate": self.score_rate,
            "score_interval": list(self.score_interval),
            "mean_margin": self.mean_margin,
            "margin_interval": None if interval is None else list(interval),
            "cpu_p50": list(self.cpu_p50),
            "cpu_p90": list(self.cpu_p90),
        }


@attrs.frozen(kw_only=True)
class Pairing:
    """The matches of agent ``first`` (A) against ``second`` (B) in ``game``, one `DealRecord`
    each, in the order played (pair 0 with A on the even seats, then on the odd ones, pair 1,
    …)."""

    game: str
    first: str
    second: str
    deals: tuple[DealRecord, ...]

    def summary(self) -> PairSummary:
        """The records summed up (see `PairSummary`)."""
        outcomes = [record.winner for record in self.deals]
        wins, losses, ties = (outcomes.count(side) for side in ("A", "B", "tie"))
        matches = len(self.deals)
        by_pair: dict[int, list[int]] = {}
        for record in self.deals:
            by_pair.setdefault(record.pair, []).append(record.margin)
        paired = [sum(margins) / len(margins) for margins in by_pair.values()]
        times = [
            [seconds for record in self.deals for seconds in record.decision_seconds[side]]
            for side in (0, 1)
        ]
        return PairSummary(
            matches=matches,
            wins=wins,
            losses=losses,
            ties=ties,
            score_rate=(wins + ties / 2) / matches if matches else 0.0,
            score_interval=wilson_interval(wins + ties / 2, matches),
            mean_margin=math.fsum(paired) / len(paired) if paired else 0.0,
            margin_interval=mean_interval(paired),
            cpu_p50=(_percentile(times[0], 0.5), _percentile(times[1], 0.5)),
            cpu_p90=(_percentile(times[0], 0.9), _percentile(times[1], 0.9)),
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the agents, the summary and every record."""
        return {
            "game": self.game,
            "first": self.first,
            "second": self.second,
            "summary": self.summary().to_dict(),
            "deals": [record.to_dict() for record in self.deals],
        }


class _TimedAgent:
    """Passes each ``choose`` to ``agent`` and keeps the CPU seconds it took, per decision."""

    def __init__(self, agent: Agent, clock: Clock) -> None:
        self.agent = agent
        self.clock = clock
        self.seconds: list[float] = []

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: Any) -> Move:
        start = self.clock()
        move = self.agent.choose(view, legal_moves, rng)
        self.seconds.append(self.clock() - start)
        return move

    def __repr__(self) -> str:
        return repr(self.agent)


def _agent(spec: str | Agent, game: str) -> tuple[str, Agent]:
    """An arena entrant as (name, agent): a spec is named by itself, an agent by its repr."""
    if isinstance(spec, str):
        return (spec.strip(), make_agent(spec, game))
    if not isinstance(spec, Agent):
        raise TypeError(
            f"an arena agent must be a spec (str) or an Agent, not {type(spec).__name__}"
        )
    return (repr(spec), spec)


def _match_options(game: str, options: Mapping[str, Any] | None) -> tuple[dict[str, Any], int]:
    """The options of every match (``options`` over `SINGLE_DEAL`) and the number of seats;
    `OptionsError` for an unknown game or bad options, `AgentSpecError` for an odd number of
    seats."""
    if options is not None and not isinstance(options, Mapping):
        raise TypeError(f"options must be a mapping or None, not {type(options).__name__}")
    merged = {**SINGLE_DEAL, **(options or {})}
    seats = players(new_game(game, options=merged))
    if seats % 2:
        raise AgentSpecError(f"the arena seats two sides; {game} has {seats} seats here")
    return merged, seats


def _check_count(deals: int) -> None:
    if type(deals) is not int or deals < 1:
        raise ValueError(f"deals must be a whole number of at least 1, not {deals!r}")


def _play_deals(
    game: str,
    names: tuple[str, str],
    agents: tuple[Agent, Agent],
    deals: int,
    seed: int,
    options: dict[str, Any],
    seats: int,
    clock: Clock,
    on_deal: Callable[[DealRecord], None] | None,
    on_move: Callable[[Any, Move, Any], None] | None = None,
) -> Pairing:
    records = []
    for pair in range(deals):
        for swapped in (0, 1):
            side_of_seat = [(seat + swapped) % 2 for seat in range(seats)]
            timed = (_TimedAgent(agents[0], clock), _TimedAgent(agents[1], clock))
            final = play_match(
                game,
                [timed[side] for side in side_of_seat],
                options=options,
                seed=seed + pair,
                dealer=pair % seats,
                on_move=on_move,
            )
            points = score(final)
            won = {side_of_seat[seat] for seat in winners(final)}
            a_seats = tuple(seat for seat in range(seats) if side_of_seat[seat] == 0)
            record = DealRecord(
                pair=pair,
                seed=seed + pair,
                dealer=pair % seats,
                a_seats=a_seats,
                points=(points[a_seats[0]], points[side_of_seat.index(1)]),
                winner="A" if won == {0} else "B" if won == {1} else "tie",
                decision_seconds=(tuple(timed[0].seconds), tuple(timed[1].seconds)),
            )
            records.append(record)
            if on_deal is not None:
                on_deal(record)
    return Pairing(game=game, first=names[0], second=names[1], deals=tuple(records))


def play_pair(
    game: str,
    first: str | Agent,
    second: str | Agent,
    *,
    deals: int = 100,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    clock: Clock = time.thread_time,
    on_deal: Callable[[DealRecord], None] | None = None,
    on_move: Callable[[Any, Move, Any], None] | None = None,
) -> Pairing:
    """``deals`` pairs of seat-swapped matches of ``game`` between ``first`` (A) and ``second``
    (B), each a spec as `make_agent` reads it or an `Agent`; pair ``k`` is played from seed
    ``seed + k`` with dealer ``k mod seats``. ``options`` are laid over ``{"target": None}``;
    ``clock`` times each decision; ``on_deal(record)`` is called after each match, and
    ``on_move(before, move, after)`` after each move of each match, deals included (as
    `play_match` calls it: to log the matches, or to keep an agent that follows the game
    itself in step).

    Raises: `AgentSpecError` for a spec not understood or a game with an odd number of seats;
    `OptionsError` for an unknown game or bad options; `ValueError` for ``deals`` under 1;
    `SeedError` or `TypeError` for a bad ``seed``; `TypeError` for an ``on_move`` that is not
    callable; `AgentError` for an illegal answer.

    >>> from parlour.agents import play_pair
    >>> pairing = play_pair("ecarte", "heuristic", "random", deals=2, seed=1)
    >>> [(record.seed, record.a_seats, record.winner) for record in pairing.deals]
    [(1, (0,), 'A'), (1, (1,), 'A'), (2, (0,), 'A'), (2, (1,), 'A')]
    >>> pairing.summary().wins
    4
    """
    _check_count(deals)
    check_seed(seed)
    merged, seats = _match_options(game, options)
    (first_name, first_agent), (second_name, second_agent) = (
        _agent(first, game), _agent(second, game)
    )  # fmt: skip
    return _play_deals(game, (first_name, second_name), (first_agent, second_agent), deals,
                       seed, merged, seats, clock, on_deal, on_move)  # fmt: skip


@attrs.frozen(kw_only=True)
class RoundRobin:
    """Every pairing of ``agents`` (named as in `Pairing`) in ``game``: ``pairings`` in the
    order ``(0, 1), (0, 2), …, (1, 2), …``, each over the same ``deals`` pairs of matches from
    ``seed``, with the match ``options`` (as (name, value) pairs in name order)."""

    game: str
    agents: tuple[str, ...]
    deals: int
    seed: int
    options: tuple[tuple[str, Any], ...]
    pairings: tuple[Pairing, ...]

    def score_table(self) -> tuple[tuple[float, ...], ...]:
        """``table[i][j]``: agent ``i``'s wins plus half its ties against agent ``j``."""
        index = {name: number for number, name in enumerate(self.agents)}
        table = [[0.0] * len(self.agents) for _ in self.agents]
        for pairing in self.pairings:
            summary = pairing.summary()
            first, second = index[pairing.first], index[pairing.second]
            table[first][second] += summary.wins + summary.ties / 2
            table[second][first] += summary.losses + summary.ties / 2
        return tuple(tuple(row) for row in table)

    def ratings(self, *, anchor: int = 0, prior: float = 0.5) -> tuple[float, ...]:
        """Each agent's Bradley–Terry rating on the Elo scale, agent ``anchor`` at 0 (see
        `bradley_terry`)."""
        return bradley_terry(self.score_table(), anchor=anchor, prior=prior)

    def to_dict(self, *, anchor: int = 0, prior: float = 0.5) -> dict[str, Any]:
        """A JSON-ready dict: the agents, their ratings and every pairing."""
        return {
            "game": self.game,
            "agents": list(self.agents),
            "deals": self.deals,
            "seed": self.seed,
            "options": dict(self.options),
            "ratings": list(self.ratings(anchor=anchor, prior=prior)),
            "anchor": self.agents[anchor],
            "pairings": [pairing.to_dict() for pairing in self.pairings],
        }


def round_robin(
    game: str,
    agents: Sequence[str | Agent],
    *,
    deals: int = 100,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    clock: Clock = time.thread_time,
    on_deal: Callable[[DealRecord], None] | None = None,
) -> RoundRobin:
    """Every pairing of two or more ``agents`` (specs or `Agent` objects) by `play_pair`, all
    from the same ``seed`` (so over the same deals); ``on_deal(record)`` is called after each
    match.

    Raises: as `play_pair`; `AgentSpecError` for fewer than two agents or two of the same name.

    >>> from parlour.agents import round_robin
    >>> table = round_robin("ecarte", ["random", "heuristic"], deals=3, seed=1)
    >>> [round(rating) for rating in table.ratings()]
    [0, 446]
    """
    _check_count(deals)
    check_seed(seed)
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
        kind = type(agents).__name__
        raise TypeError(f"agents must be a sequence of specs or agents, not {kind}")
    if len(agents) < 2:
        raise AgentSpecError(f"a round-robin needs two agents or more, not {len(agents)}")
    merged, seats = _match_options(game, options)
    entrants = [_agent(agent, game) for agent in agents]
    names = tuple(name for name, _ in entrants)
    if len(set(names)) != len(names):
        raise AgentSpecError(f"each agent of a round-robin needs its own name: {', '.join(names)}")
    pairings = tuple(
        _play_deals(
            game, (names[i], names[j]), (entrants[i][1], entrants[j][1]), deals, seed, merged,
            seats, clock, on_deal,
        )
        for i in range(len(names))
        for j in range(i + 1, len(names))
    )
    return RoundRobin(game=game, agents=names, deals=deals, seed=seed,
                      options=tuple(sorted(merged.items())), pairings=pairings)  # fmt: skip


ELO_SCALE = 400 / math.log(10)
"""Elo points per natural-log unit of Bradley–Terry strength: 400 points are odds of 10 to 1."""


def bradley_terry(
    table: Sequence[Sequence[float]],
    *,
    anchor: int = 0,
    prior: float = 0.5,
    tolerance: float = 1e-10,
    max_iterations: int = 100_000,
) -> tuple[float, ...]:
    """Bradley–Terry ratings on the Elo scale from a score table, agent ``anchor`` rated 0.

    ``table[i][j]`` is what agent ``i`` scored against agent ``j`` (wins, plus half the ties).
    The model gives ``i`` an expected score ``p_i / (p_i + p_j)`` against ``j``; the
    strengths ``p`` are the maximum-likelihood ones, found by the minorization–maximization
    iteration of Hunter (2004), ``p_i <- W_i / sum_j n_ij / (p_i + p_j)`` (``W_i`` the score of
    ``i``, ``n_ij`` the games of ``i`` and ``j``), every strength updated from the previous
    ones and their geometric mean set to 1, until no log-strength moves by ``tolerance``: a
    fixed order of arithmetic, so the answer is the same on every run. The rating is
    ``400 log10(p_i / p_anchor)``: 400 points more is odds of 10 to 1, as in Elo.
    ``prior`` adds that many wins each way to every pair that met (a draw of ``2 * prior``
    games), so that an agent that won or lost every game still gets a finite rating; with
    ``prior=0`` the fit is the plain maximum likelihood, which needs every agent to have won
    and lost something.

    Raises: `ValueError` for a table that is not square, a negative or non-finite entry, agents
    not all connected by games, a rating that does not exist (``prior=0`` and an agent that
    never won or never lost), or a bad ``anchor``.

    >>> from parlour.agents import bradley_terry
    >>> [round(rating, 1) for rating in bradley_terry([[0, 3], [1, 0]], prior=0)]
    [0.0, -190.8]
    """
    size = len(table)
    if size < 2 or any(len(row) != size for row in table):
        raise ValueError("the score table must be square, two agents or more")
    if type(anchor) is not int or not 0 <= anchor < size:
        raise ValueError(f"anchor must be an agent's index, 0 to {size - 1}, not {anchor!r}")
    if not (math.isfinite(prior) and prior >= 0):
        raise ValueError(f"prior must be a finite number of at least 0, not {prior!r}")
    scores = [[float(value) for value in row] for row in table]
    if any(not (math.isfinite(value) and value >= 0) for row in scores for value in row):
        raise ValueError("every score of the table must be a finite number of at least 0")
    games = [[scores[i][j] + scores[j][i] if i != j else 0.0 for j in range(size)]
             for i in range(size)]  # fmt: skip
    for i in range(size):
        for j in range(size):
            if i != j and games[i][j] > 0:
                scores[i][j] += prior
                games[i][j] += 2 * prior
    _check_connected(games)
    totals = [math.fsum(row) for row in scores]
    for agent in range(size):
        if totals[agent] == 0 or math.fsum(scores[j][agent] for j in range(size)) == 0:
            raise ValueError(
                f"agent {agent} won every game or none, so it has no finite rating: "
                "give a prior above 0"
            )
    strengths = [1.0] * size
    for _ in range(max_iterations):
        updated = [
            totals[i] / math.fsum(games[i][j] / (strengths[i] + strengths[j])
                                  for j in range(size) if games[i][j] > 0)
            for i in range(size)
        ]  # fmt: skip
        centre = math.fsum(math.log(value) for value in updated) / size
        updated = [value / math.exp(centre) for value in updated]
        moved = max(abs(math.log(new / old)) for new, old in zip(updated, strengths, strict=True))
        strengths = updated
        if moved < tolerance:
            break
    base = math.log(strengths[anchor])
    return tuple(ELO_SCALE * (math.log(value) - base) for value in strengths)


def _check_connected(games: list[list[float]]) -> None:
    """`ValueError` unless every agent is linked to agent 0 by a chain of games played."""
    reached = {0}
    frontier = [0]
    while frontier:
        agent = frontier.pop()
        for other, count in enumerate(games[agent]):
            if count > 0 and other not in reached:
                reached.add(other)
                frontier.append(other)
    if len(reached) != len(games):
        missing = sorted(set(range(len(games))) - reached)
        raise ValueError(f"agents {missing} played no games linking them to agent 0")
