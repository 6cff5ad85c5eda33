"""Per-game hooks of the conformance suite: option presets, seeds, extra illegal candidates and
each game's own invariants.

The suite in ``test_conformance.py`` is written once for every registered game; what differs
from game to game lives here, in one `GameHooks` record per game. A game registered without an
entry here fails the suite (``test_every_game_has_hooks``) until its invariants are written.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import parlour
from parlour.belote.rules import CARD_POINTS_TOTAL, DECK, PLAYERS
from parlour.belote.state import BeloteState, DealResult, Phase
from parlour.bezique import moves as bezique_moves
from parlour.bezique import rules as bezique_rules
from parlour.bezique import state as bezique_state
from parlour.cards import JOKER
from parlour.ecarte import rules as ecarte_rules
from parlour.ecarte import state as ecarte_state
from tests.strategies import Step, option_presets

__all__ = ["HOOKS", "GameHooks", "hooks_for"]

StepCheck = Callable[[Step], None]
PlayoutCheck = Callable[[Sequence[Step]], None]


def _no_step_check(step: Step) -> None:
    """No game-specific check after a move."""


def _no_playout_check(steps: Sequence[Step]) -> None:
    """No game-specific check over a whole playout."""


def _no_texts(state: Any) -> tuple[str, ...]:
    return ()


@dataclass(frozen=True)
class GameHooks:
    """What the conformance suite needs to know about one game.

    * ``presets``: (id, options) pairs to play with: the defaults plus one preset per option
      value other than its default.
    * ``fixed_seeds``: the deterministic seeds played with every preset.
    * ``candidate_texts``: move texts to try at a state besides the moves seen in the playout
      (every card, every keyword): those that parse and are not legal must be refused.
    * ``step_check``: the game's own invariants after one move (per-deal numbers and layouts).
    * ``playout_check``: the game's own invariants over a whole playout.
    * ``deals_finished``: how many deals a state has finished (to check the per-deal invariants
      were actually reached).
    """

    presets: list[tuple[str, dict[str, Any]]]
    fixed_seeds: tuple[int, ...]
    candidate_texts: Callable[[Any], Sequence[str]] = _no_texts
    step_check: StepCheck = _no_step_check
    playout_check: PlayoutCheck = _no_playout_check
    deals_finished: Callable[[Any], int] = field(default=lambda state: 0)


THOROUGH = os.environ.get("HYPOTHESIS_PROFILE", "dev") == "ci"
"""The ``ci`` profile (see ``tests/conftest.py``) plays more fixed seeds than the quick default."""
FIXED_SEEDS: tuple[int, ...] = tuple(range(6)) if THOROUGH else (0, 1)
"""The deterministic seeds every preset is played with."""
LONG_MATCH_SEEDS: tuple[int, ...] = FIXED_SEEDS[:3] if THOROUGH else FIXED_SEEDS[:1]
"""Fewer seeds for a game whose matches run to hundreds of moves (Bezique: about 90 moves a
deal, several deals to 1000): its presets still each get a full match in the quick profile."""

# --- Belote ------------------------------------------------------------------------------------

_BELOTE_TEXTS: tuple[str, ...] = (
    "pass",
    "take",
    "take S",
    "take H",
    "take D",
    "take C",
    *(f"play {card.text}" for card in DECK),
    f"play {JOKER.text}",
    "play 2H",
)
"""Every Belote move text there is (plus two cards that are not in the deck)."""


def _belote_texts(state: Any) -> tuple[str, ...]:
    return _BELOTE_TEXTS


def check_belote_deal_result(options: Any, result: DealResult) -> None:
    """The numeric invariants of one finished Belote deal (rules §3.9)."""
    if result.outcome == "thrown_in":
        assert result.tricks == (0, 0)
        assert result.card_points == (0, 0)
        assert result.points == (0, 0)
        assert result.awards == ()
        assert result.taker is None
        return
    assert result.outcome in ("made", "failed", "litige"), result.outcome
    assert result.taker is not None and 0 <= result.taker < PLAYERS
    assert sum(result.tricks) == 8, result.tricks
    first, second = result.card_points
    if result.capot_team is None:
        assert first + second == CARD_POINTS_TOTAL, result.card_points
        assert 0 not in result.tricks, result.tricks
    else:
        capot = result.capot_team
        assert result.tricks[capot] == 8, result.tricks
        assert result.card_points[capot] == options.capot_points, result.card_points
        assert result.card_points[1 - capot] == 0, result.card_points
    belotes = [award for award in result.awards if award.reason == "belote.belote"]
    assert len(belotes) <= 1, belotes
    for award in belotes:
        assert award.points == 20, award
        assert result.belote_team is not None
    if result.belote_team is None:
        assert belotes == [], belotes
    for team in (0, 1):
        won = sum(award.points for award in result.awards if award.seats == (team, team + 2))
        assert won == result.points[team], (team, result.awards, result.points)
    for award in result.awards:
        assert award.seats in ((0, 2), (1, 3)), award
        assert award.deal == result.number, award
        assert award.points > 0, award
    this_deal = sum(award.points for award in result.awards if award.reason != "belote.litige")
    assert this_deal <= options.capot_points + 20, result
    assert this_deal <= 272, result
    assert result.held >= 0


def _belote_step_check(step: Step) -> None:
    before: BeloteState = step.before
    after: BeloteState = step.after
    if before.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2) and after.phase == Phase.PLAY:
        assert isinstance(step.move, parlour.Move) and str(step.move).startswith("take")
        assert [hand.bit_count() for hand in after.hands] == [8, 8, 8, 8]
        assert after.stock == ()
        assert after.trick == ()
        assert after.to_act == (after.table.dealer + 1) % PLAYERS
        assert after.table.taker == before.to_act
    if before.phase == Phase.DEAL_DUE and after.phase == Phase.BID_ROUND_1:
        assert [hand.bit_count() for hand in after.hands] == [5, 5, 5, 5]
        assert len(after.stock) == 11
    if after.phase == Phase.PLAY:
        played = (after.won[0] | after.won[1]).bit_count() + len(after.trick)
        in_hands = sum(hand.bit_count() for hand in after.hands)
        assert played + in_hands == 32
        # every seat holds the same number of cards, less one for those who played to the trick
        for offset in range(PLAYERS):
            seat = (after.leader + offset) % PLAYERS
            expected = 8 - after.tricks_played - (1 if offset < len(after.trick) else 0)
            assert after.hands[seat].bit_count() == expected, (seat, after.hands)
    new_deals = after.table.deals[len(before.table.deals) :]
    if after.phase in (Phase.DEAL_DUE, Phase.OVER) and before.phase != Phase.DEAL_DUE:
        assert len(new_deals) == 1, new_deals
    else:
        assert new_deals == (), new_deals
    for result in new_deals:
        check_belote_deal_result(after.table.options, result)


def _belote_playout_check(steps: Sequence[Step]) -> None:
    decisions = 0
    for step in steps:
        before: BeloteState = step.before
        after: BeloteState = step.after
        if before.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
            decisions += 1
            assert decisions <= 8, decisions
            if str(step.move).startswith("take"):
                assert after.phase == Phase.PLAY
        else:
            decisions = 0


def _belote_deals_finished(state: Any) -> int:
    assert isinstance(state, BeloteState)
    return len(state.table.deals)


# --- Écarté ------------------------------------------------------------------------------------

_ECARTE_TEXTS: tuple[str, ...] = (
    "propose",
    "accept",
    "refuse",
    "king",
    "discard",
    *(f"play {card.text}" for card in ecarte_rules.DECK),
    *(f"discard {card.text}" for card in ecarte_rules.DECK),
    f"play {JOKER.text}",
    "play 2H",
    "discard 2H",
    "discard 7S 8S 9S 10S JS",
)
"""Every Écarté keyword and every card (plus cards that are not in the deck)."""

_ECARTE_TRICK_REASONS = ("ecarte.point", "ecarte.vole", "ecarte.penalty")
_ECARTE_KING_REASONS = ("ecarte.turnup_king", "ecarte.king")


def _ecarte_texts(state: Any) -> tuple[str, ...]:
    return _ECARTE_TEXTS


def check_ecarte_deal_result(options: Any, result: ecarte_state.DealResult) -> None:
    """The numeric invariants of one finished Écarté deal (rules §2.8)."""
    assert result.outcome in ("point", "vole", "stopped"), result.outcome
    assert result.proposals <= ecarte_rules.TALON_SIZE
    assert len(result.exchanges) <= result.proposals
    assert sum(nd + d for nd, d in result.exchanges) <= ecarte_rules.TALON_SIZE
    assert all(1 <= nd <= 5 and 0 <= d <= 5 for nd, d in result.exchanges), result.exchanges
    for award in result.awards:
        assert award.deal == result.number, award
        assert award.points > 0, award
        assert len(award.seats) == 1 and award.seats[0] in (0, 1), award
    for seat in (0, 1):
        credited = sum(award.points for award in result.awards if award.seats == (seat,))
        assert credited == result.points[seat], (seat, result)
        assert credited <= 3, result
    assert sum(result.points) <= 3, result
    kings = [award for award in result.awards if award.reason in _ECARTE_KING_REASONS]
    assert len(kings) <= 1, kings  # a turned-up king cannot be held, so never both kinds
    assert all(award.points == 1 for award in kings), kings
    assert result.turnup_king == (result.turnup.text[0] == "K")
    assert result.turnup_king == any(a.reason == "ecarte.turnup_king" for a in kings)
    assert (result.king is not None) == any(a.reason == "ecarte.king" for a in kings)
    tricks = [award for award in result.awards if award.reason in _ECARTE_TRICK_REASONS]
    if result.outcome == "stopped":
        assert tricks == [], tricks
        assert sum(result.tricks) < 5, result.tricks
        assert kings, "a deal stops only when a king reaches the target"
        assert options.target is not None and options.stop_at_target == "immediate"
        return
    assert sum(result.tricks) == 5, result.tricks
    assert len(tricks) == 1, tricks
    (award,) = tricks
    assert award.points in (1, 2), award
    assert result.tricks[award.seats[0]] >= 3, (award, result.tricks)
    assert (result.outcome == "vole") == (5 in result.tricks), result
    assert award.reason != "ecarte.point" or award.points == 1
    assert award.reason == "ecarte.point" or award.points == 2
    assert not (result.played_without_proposing and result.proposals), result


def _ecarte_step_check(step: Step) -> None:
    before: ecarte_state.EcarteState = step.before
    after: ecarte_state.EcarteState = step.after
    phase = ecarte_state.Phase
    if after.phase not in (phase.DEAL_DUE, phase.OVER):
        exchange = after.exchange
        drawn_by = [sum(pair[seat] for pair in exchange.exchanges) for seat in (0, 1)]
        nondealer = 1 - after.table.dealer
        drawn = [drawn_by[0], drawn_by[1]] if nondealer == 0 else [drawn_by[1], drawn_by[0]]
        # talon arithmetic: 21 less what was drawn; each seat discarded what it drew
        assert len(exchange.talon) == ecarte_rules.TALON_SIZE - sum(drawn)
        assert [exchange.discards[seat].bit_count() for seat in (0, 1)] == drawn
        assert exchange.proposals <= ecarte_rules.TALON_SIZE
        if after.phase is not phase.PLAY:
            # hands stay at five through every exchange
            assert [hand.bit_count() for hand in after.hands] == [5, 5]
            assert after.trick == () and after.won == (0, 0)
        else:
            played = after.tricks_played
            assert played < 5
            for seat in (0, 1):
                in_trick = 1 if after.trick and seat != after.to_act else 0
                assert after.hands[seat].bit_count() == 5 - played - in_trick
            assert len(after.trick) <= 1
        if before.phase is phase.DEAL_DUE:
            assert len(exchange.talon) == 21 and exchange.proposals == 0
            assert after.to_act == nondealer
    new_deals = after.table.deals[len(before.table.deals) :]
    if after.phase in (phase.DEAL_DUE, phase.OVER) and before.phase is not phase.OVER:
        assert len(new_deals) == 1, new_deals
    else:
        assert new_deals == (), new_deals
    for result in new_deals:
        check_ecarte_deal_result(after.table.options, result)


def _ecarte_playout_check(steps: Sequence[Step]) -> None:
    """Exactly five tricks (ten cards) in every deal played to its end."""
    plays = 0
    for step in steps:
        if str(step.move).startswith("play "):
            plays += 1
        new_deals = step.after.table.deals[len(step.before.table.deals) :]
        for result in new_deals:
            if result.outcome == "stopped":
                assert plays < 10, plays
            else:
                assert plays == 10, plays
            plays = 0


def _ecarte_deals_finished(state: Any) -> int:
    assert isinstance(state, ecarte_state.EcarteState)
    return len(state.table.deals)


# --- Bezique -----------------------------------------------------------------------------------


def _bezique_meld_texts() -> tuple[str, ...]:
    """Every meld shape under each trump (both bezique pairs included), quartets with repeated
    suits, and card lists that form no meld."""
    suits = "SHDC"
    texts: list[str] = []
    for suit in suits:
        texts.append(f"meld K{suit} Q{suit}")
        texts.append(f"meld A{suit} 10{suit} K{suit} Q{suit} J{suit}")
    for queen, jack in (("QS", "JD"), ("QC", "JH")):
        texts.append(f"meld {queen} {jack}")
        texts.append(f"meld {queen} {queen} {jack} {jack}")
    for rank in ("A", "K", "Q", "J"):
        texts.append("meld " + " ".join(f"{rank}{suit}" for suit in suits))
        texts.append(f"meld {rank}S {rank}S {rank}H {rank}D")
        texts.append(f"meld {rank}C {rank}C {rank}C {rank}C")
    texts.extend(
        (
            "meld 7S 8S",
            "meld 10S 10H 10D 10C",
            "meld QS JS",
            "meld KS QH",
            "meld QS JD JD",
            "meld AS 10S KS QS",
            f"meld {JOKER.text}",
        )
    )
    return tuple(texts)


_BEZIQUE_MELD_TEXTS = _bezique_meld_texts()
_BEZIQUE_OUTSIDE_WINDOW_TEXTS: tuple[str, ...] = (
    "exchange",
    "show",
    "draw",
    *(f"play {card.text}" for card in bezique_rules.DECK[: bezique_rules.FACES]),
    f"play {JOKER.text}",
    "play 2H",
    *_BEZIQUE_MELD_TEXTS[:2],
)
"""Every Bezique keyword and card, and two melds: outside the trick winner's window every meld
is refused alike (``phase.wrong_move``)."""
_BEZIQUE_TEXTS: tuple[str, ...] = (*_BEZIQUE_OUTSIDE_WINDOW_TEXTS, *_BEZIQUE_MELD_TEXTS[2:])
"""Every Bezique keyword, every card, every meld shape under each trump, and some non-melds."""
_BEZIQUE_SEVENS = ("seven_turnup", "seven_exchange", "seven_show", "seven_play")
_BEZIQUE_FREE_SEVENS = ("seven_turnup", "seven_play")
"""Sevens that never take the trick winner's one declaration, whatever the options."""
_BEZIQUE_DECLARED_REASONS = tuple(f"bezique.{name}" for name in (*bezique_rules.MELD_BY_NAME,
                                                                 *_BEZIQUE_SEVENS))  # fmt: skip
"""The reasons of the awards that `Declaration` records list."""


def _bezique_texts(state: Any) -> tuple[str, ...]:
    if isinstance(state, bezique_state.BeziqueState) and state.phase == bezique_state.Phase.DECLARE:
        return _BEZIQUE_TEXTS
    return _BEZIQUE_OUTSIDE_WINDOW_TEXTS


def _bezique_trick_winner(state: bezique_state.BeziqueState) -> int:
    """The winner of the trick last completed at ``state``."""
    assert state.last_trick is not None
    leader, cards = state.last_trick
    table = state.table
    return leader if table.card_table.winning_index(table.trump, cards) == 0 else 1 - leader


def check_bezique_deal_result(options: Any, result: bezique_state.DealResult) -> None:
    """The numeric invariants of one finished Bezique deal (rules §1.8)."""
    assert result.outcome in ("played", "stopped"), result.outcome
    for award in result.awards:
        assert award.points > 0 and award.points % 10 == 0, award
        assert len(award.seats) == 1 and award.seats[0] in (0, 1), award
        assert award.deal == result.number, award
    for seat in (0, 1):
        credited = sum(award.points for award in result.awards if award.seats == (seat,))
        assert credited == result.points[seat], (seat, result)
        declared = sum(d.points for d in result.declarations if d.seat == seat)
        last = bezique_rules.LAST_TRICK_BONUS if result.last_trick_seat == seat else 0
        assert declared + result.brisques[seat] + last == result.points[seat], (seat, result)
    assert sum(d.points for d in result.declarations) == sum(
        a.points for a in result.awards if a.reason in _BEZIQUE_DECLARED_REASONS
    ), result
    sevens = [d for d in result.declarations if d.name in _BEZIQUE_SEVENS]
    assert len(sevens) <= 2 and sum(d.points for d in sevens) <= 20, sevens
    melds_by_trick: dict[int | None, int] = {}
    declarations_by_trick: dict[int | None, int] = {}
    for declaration in result.declarations:
        assert declaration.points % 10 == 0 and declaration.points > 0, declaration
        if declaration.name in bezique_rules.MELD_BY_NAME:
            kind = bezique_rules.MELD_BY_NAME[declaration.name]
            assert declaration.points == kind.points, declaration
            assert declaration.trick is not None
            assert 1 <= declaration.trick <= bezique_rules.STAGE_ONE_TRICKS, declaration
            melds_by_trick[declaration.trick] = melds_by_trick.get(declaration.trick, 0) + 1
        else:
            assert declaration.name in _BEZIQUE_SEVENS, declaration
            assert declaration.points == bezique_rules.SEVEN_POINTS, declaration
            assert (declaration.trick is None) == (declaration.name == "seven_turnup")
            if declaration.trick is not None:
                assert 1 <= declaration.trick <= bezique_rules.STAGE_ONE_TRICKS, declaration
        if declaration.name not in _BEZIQUE_FREE_SEVENS:
            declarations_by_trick[declaration.trick] = (
                declarations_by_trick.get(declaration.trick, 0) + 1
            )
    assert all(count <= 1 for count in melds_by_trick.values()), result.declarations
    if options.seven_counts_as_meld:
        assert all(count <= 1 for count in declarations_by_trick.values()), result.declarations
    total_brisques = sum(result.brisques)
    assert all(points % 10 == 0 for points in result.brisques), result.brisques
    if result.outcome == "stopped":
        assert options.match_end == "first_to_reach" and options.target is not None
        assert sum(result.tricks) <= bezique_rules.TRICKS_PER_DEAL, result.tricks
        assert total_brisques <= bezique_rules.BRISQUES_TOTAL, result.brisques
        return
    assert sum(result.tricks) == bezique_rules.TRICKS_PER_DEAL, result.tricks
    assert total_brisques == bezique_rules.BRISQUES_TOTAL, result.brisques
    assert result.last_trick_seat is not None
    assert total_brisques + bezique_rules.LAST_TRICK_BONUS == 170, result


def _bezique_holdings(state: bezique_state.BeziqueState) -> list[int]:
    """The cards each seat may play: its hand and its melds on the table."""
    return [(state.hands[seat] | state.tables[seat]).bit_count() for seat in (0, 1)]


def _bezique_step_check(step: Step) -> None:
    before: bezique_state.BeziqueState = step.before
    after: bezique_state.BeziqueState = step.after
    phase = bezique_state.Phase
    stock_left = len(after.table.stock) - after.drawn
    for seat in (0, 1):
        assert after.hands[seat] & after.tables[seat] == 0
        assert after.known[seat] & ~after.hands[seat] == 0, "a known card is not in the hand"
    if before.phase is phase.DEAL_DUE and after.phase is not phase.OVER:
        assert [hand.bit_count() for hand in after.hands] == [8, 8]
        assert len(after.table.stock) == bezique_rules.STOCK_SIZE and after.drawn == 0
        assert after.turnup >= 0 and after.tables == (0, 0) and after.known == (0, 0)
        assert after.to_act == after.leader == 1 - after.table.dealer
    if after.phase in (phase.PLAY, phase.DECLARE):
        # the stock drops by two per trick; 24 tricks in the first stage
        completed = after.tricks
        assert completed <= bezique_rules.STAGE_ONE_TRICKS - (after.phase is phase.PLAY)
        draws = completed if after.phase is phase.PLAY else completed - 1
        assert after.drawn == 2 * draws, (after.drawn, completed, after.phase)
        assert stock_left == bezique_rules.STOCK_SIZE - 2 * draws
        assert after.turnup >= 0
        holdings = _bezique_holdings(after)
        if after.phase is phase.DECLARE:
            assert holdings == [7, 7], holdings
            assert after.trick == ()
        else:
            # 8 each before a trick; the leader has one fewer once it has led
            expected = [8, 8]
            if after.trick:
                expected[after.leader] = 7
            assert holdings == expected, (holdings, after.trick)
    if after.phase is phase.LAST_STAGE:
        assert stock_left == 0 and after.turnup == -1 and after.tables == (0, 0)
        assert bezique_rules.STAGE_ONE_TRICKS <= after.tricks < bezique_rules.TRICKS_PER_DEAL
        left = bezique_rules.TRICKS_PER_DEAL - after.tricks
        expected = [left, left]
        if after.trick:
            expected[after.leader] -= 1
        assert [hand.bit_count() for hand in after.hands] == expected
        if after.trick:
            # the last stage's legal set: all of the suit led if it holds any
            card_table = after.table.card_table
            led_suit = card_table.suit_of[after.trick[0]]
            suits = [
                move.card.suit
                for move in parlour.legal_moves(after)
                if isinstance(move, bezique_moves.Play)
            ]
            if after.hands[after.to_act] & card_table.suit_masks[led_suit]:
                assert all(suit == led_suit for suit in suits), suits
    if before.phase is phase.DECLARE:
        # declarations (and the draw) only by the trick winner, in the first stage
        assert before.to_act == _bezique_trick_winner(before)
        assert 1 <= before.tricks <= bezique_rules.STAGE_ONE_TRICKS
    if isinstance(step.move, bezique_moves.Meld):
        assert before.phase is phase.DECLARE and not before.declared
    new_deals = after.table.deals[len(before.table.deals) :]
    if after.phase in (phase.DEAL_DUE, phase.OVER) and before.phase is not phase.OVER:
        assert len(new_deals) == 1, new_deals
    else:
        assert new_deals == (), new_deals
    for result in new_deals:
        check_bezique_deal_result(after.table.options, result)


def _bezique_playout_check(steps: Sequence[Step]) -> None:
    """Every complete deal has 24 first-stage tricks (48 plays, 24 draws) and 8 last-stage
    tricks (16 plays); a deal cut short has fewer."""
    phase = bezique_state.Phase
    first_stage = last_stage = draws = 0
    for step in steps:
        before: bezique_state.BeziqueState = step.before
        if isinstance(step.move, bezique_moves.Play):
            if before.phase is phase.PLAY:
                first_stage += 1
            else:
                last_stage += 1
        elif isinstance(step.move, bezique_moves.Draw):
            draws += 1
        for result in step.after.table.deals[len(before.table.deals) :]:
            counts = (first_stage, last_stage, draws)
            if result.outcome == "played":
                assert counts == (48, 16, 24), counts
            else:
                assert first_stage <= 48 and last_stage <= 16 and draws <= 24, counts
            first_stage = last_stage = draws = 0


def _bezique_deals_finished(state: Any) -> int:
    assert isinstance(state, bezique_state.BeziqueState)
    return len(state.table.deals)


# --- the registry of hooks -----------------------------------------------------------------------

HOOKS: dict[str, GameHooks] = {
    "belote": GameHooks(
        presets=option_presets("belote"),
        fixed_seeds=FIXED_SEEDS,
        candidate_texts=_belote_texts,
        step_check=_belote_step_check,
        playout_check=_belote_playout_check,
        deals_finished=_belote_deals_finished,
    ),
    "bezique": GameHooks(
        presets=option_presets("bezique"),
        fixed_seeds=LONG_MATCH_SEEDS,
        candidate_texts=_bezique_texts,
        step_check=_bezique_step_check,
        playout_check=_bezique_playout_check,
        deals_finished=_bezique_deals_finished,
    ),
    "ecarte": GameHooks(
        presets=option_presets("ecarte"),
        fixed_seeds=FIXED_SEEDS,
        candidate_texts=_ecarte_texts,
        step_check=_ecarte_step_check,
        playout_check=_ecarte_playout_check,
        deals_finished=_ecarte_deals_finished,
    ),
}


def hooks_for(game_name: str) -> GameHooks:
    """The hooks of a registered game; a clear failure if it has none yet."""
    try:
        return HOOKS[game_name]
    except KeyError:
        raise AssertionError(
            f"the game {game_name!r} has no conformance hooks: add its per-deal invariants and "
            f"presets to tests/conformance/games.py"
        ) from None
