"""``parlour play`` screen by screen through a real pseudo-terminal for every game, and the
renderers behind it (`parlour.engine.CardStyle`, `move_forms`, each game's ``screen`` hook)."""

from __future__ import annotations

import io
import os
import pty
import random
import select
import sys
import time
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.base import Card, parse_card
from parlour.burraco import MeldView
from parlour.cli import main
from parlour.engine import PLAIN, CardStyle, SupportsScreen, get_game, move_forms
from tests.strategies import playouts

ROOT = Path(__file__).resolve().parent.parent
PROMPT = b"your move> "


def screens_in_terminal(arguments: list[str], lines: list[str], **extra: str) -> list[str]:
    """Run ``python -m parlour`` in a pseudo-terminal, typing one of ``lines`` at each prompt;
    what it wrote, cut at each prompt (every wait bounded: 60 s in all)."""
    environment = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    environment.update(PYTHONPATH=str(ROOT / "src"), TERM="xterm", **extra)
    pid, fd = pty.fork()
    if pid == 0:  # the child: become the command
        os.chdir(ROOT)
        os.execve(sys.executable, [sys.executable, "-m", "parlour", *arguments], environment)
    output = b""
    deadline = time.monotonic() + 60
    typed = 0
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.5)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            output += chunk
            if output.count(PROMPT) > typed and typed < len(lines):
                os.write(fd, lines[typed].encode() + b"\n")
                typed += 1
    finally:
        os.close(fd)
    waited, _ = os.waitpid(pid, os.WNOHANG)
    while waited == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
        waited, _ = os.waitpid(pid, os.WNOHANG)
    if waited == 0:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    return output.decode().replace("\r\n", "\n").split(PROMPT.decode())


RED = "\x1b[31m"

GAMES = {
    # game: (arguments, the zone labels its first screen shows)
    "belote": (["--seed", "2"], ["Deal: 1", "Turn-up: ", "Bids: "]),
    "bezique": (["--seed", "2"], ["Trumps: ", "Turn-up: ", "Stock: 47 cards", "Tricks won: "]),
    "burraco": (["--seed", "2"], ["Melds of your team (add <n> … adds to meld n)",
                                  "Discard pile: ", "Stock: ", "Pozzetti: 2 left",
                                  "Cards in hand: "]),
    "coinche": (["--seed", "3"], ["Deal: 1", "Auction: seat 1 bid 80 H", "Standing bid: "]),
    "ecarte": (["--seed", "2"], ["Turn-up: ", "Discarded: you 0, seat 1 0", "Talon: "]),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_screen_by_screen_in_a_terminal(game: str) -> None:
    arguments, labels = GAMES[game]
    screens = screens_in_terminal(["play", game, *arguments], ["help", "hint", "last", "1", "quit"])
    first, helped, hinted, lasted, *rest = screens
    for label in labels:
        assert f"\n  {label}" in first, label
    assert "Your hand: " in first and "\n    1. " in first
    assert any(symbol in first for symbol in "♠♥♦♣🃏") and RED in first  # symbols and colour
    assert "Type a move's number from the list" in helped
    for word in ("help", "hint", "last", "quit"):
        assert f"\n  {word} " in helped
    assert "Hint: " in hinted and " — " in hinted
    told = lasted.strip().splitlines()[1:]  # the line after the echoed "last"
    assert told and told[0].startswith(("Last trick: ", "The last turn (", "Nothing has been"))
    assert "You left the match: it is left unfinished." in rest[-1]
    assert "Traceback" not in "".join(screens)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_color_writes_plain_letters(game: str) -> None:
    arguments, _ = GAMES[game]
    screens = screens_in_terminal(["play", game, *arguments], ["quit"], NO_COLOR="1")
    text = "".join(screens)
    assert "\x1b[" not in text
    assert not any(symbol in text for symbol in "♠♥♦♣🃏")
    assert "You left the match" in text


def test_the_hint_is_the_bots_move_for_the_seat() -> None:
    state = parlour.new_game("ecarte", seed=3)  # dealt: the non-dealer is to act
    seat = parlour.current_player(state)
    assert isinstance(seat, int)
    game = get_game("ecarte")
    sampled = parlour.agent_view(state, seat, random.Random(2)).sampled
    move, why = game.hint(sampled, random.Random(2))  # type: ignore[attr-defined]
    assert move == game.bot_move(sampled, random.Random(2))  # type: ignore[attr-defined]
    assert why and "\n" not in why


def test_a_bare_card_plays_its_one_move_and_last_tells_the_trick(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Bezique seed 1: seat 0 follows to a lead of 7H holding 9S (its first listed move).
    monkeypatch.setattr(sys, "stdin", io.StringIO("9S\nlast\nquit\n"))
    assert main(["play", "bezique", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Trick 1: seat 1 leads 7H, seat 0 plays 9S — seat 1 wins." in out
    assert "Last trick: seat 1 7H, you 9S (won by seat 1)" in out
    assert "Drawn: seat 1 drew a card; you drew " in out


def test_help_and_refusals_read_the_moves_of_the_moment(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("deal\nJC\nhelp\nquit\n"))
    assert main(["play", "belote", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Not a move now: 'deal'. Your moves now start with pass, take" in out
    assert "Not a move now: JC alone is no move here" in out  # bidding: no card is a move
    assert "  pass                         e.g. pass" in out


# --- the renderers -------------------------------------------------------------------------


def test_card_style_symbols_colour_and_plain_letters() -> None:
    ten, jack, joker = parse_card("10H"), parse_card("JC"), parse_card("JK")
    coloured = CardStyle(symbols=True, colour=True)
    assert coloured.card(ten) == "\x1b[31m10♥\x1b[0m" and coloured.card(jack) == "J♣"
    assert CardStyle(symbols=True, colour=False).cards([ten, jack]) == "10♥ J♣"
    assert PLAIN.cards([ten, jack, joker]) == "10H JC JK"
    assert PLAIN.cards([]) == "-"
    said = "Seat 1 plays 10♥ on 🃏; ♣ are trumps"
    assert PLAIN.text(said) == "Seat 1 plays 10H on JK; C are trumps"


def test_move_forms_read_the_notation() -> None:
    moves = ["play JC", "play 10H", "play 7S", "play AS", "take", "take H",
             "add 1 5H 6H = 4H 5H 6H"]  # fmt: skip
    forms = move_forms(moves)  # type: ignore[arg-type]  # texts stand in: str() is all it reads
    assert [(form.form, form.examples) for form in forms["play"]] == [
        ("play <card>", ("play JC", "play 10H", "play 7S"))
    ]
    assert [form.form for form in forms["take"]] == ["take", "take <suit>"]
    assert [form.form for form in forms["add"]] == ["add <n> <card>… = <card>…"]


def test_burraco_melds_are_numbered_with_their_kind_wild_and_cleanness() -> None:
    cards = tuple(parse_card(text) for text in ("6D", "7D", "JK"))
    dirty = MeldView(kind="sequence", cards=cards, wild_position=8, burraco=False, clean=False)
    game = get_game("burraco")
    assert isinstance(game, SupportsScreen)
    clean_set = MeldView(kind="set", cards=tuple(parse_card(t) for t in ("QS", "QC", "QC")),
                         wild_position=None, burraco=False, clean=True)  # fmt: skip
    seen = attrs.evolve(parlour.view(parlour.new_game("burraco", seed=1), 0),
                        melds=((dirty, clean_set), ()))  # fmt: skip
    zones = {zone.label: zone.text for zone in game.screen(seen, (), PLAIN)}
    ours = zones["Melds of your team (add <n> … adds to meld n)"]
    assert ours.splitlines()[1:] == [
        "1. sequence 6D 7D JK (JK as 8D): 3 cards, dirty",
        "2. set QS QC QC: 3 cards, clean",
    ]


BELOTE_TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
BELOTE_PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def _belote_points(card: Card, trump: object) -> int:
    table = BELOTE_TRUMP_POINTS if card.suit == trump else BELOTE_PLAIN_POINTS
    return table[card.text[:-1]]


def test_belote_screen_counts_the_card_points_won_so_far() -> None:
    rng = random.Random(4)
    game = get_game("belote")
    assert isinstance(game, SupportsScreen)
    checked = 0
    for seed in range(1, 6):
        state = parlour.new_game("belote", seed=seed)
        while parlour.current_player(state) is not None and checked < 40:
            player = parlour.current_player(state)
            if player is parlour.CHANCE:
                state = parlour.apply(state, parlour.random_deal(state, rng))
                continue
            assert isinstance(player, int)
            seen = parlour.view(state, player)
            if seen.phase == "play":
                zones = {zone.label: zone.text for zone in game.screen(seen, (), PLAIN)}
                assert "Turn-up" not in zones and "Contract" in zones
                done = len(seen.played) - len(seen.trick)
                points = [0, 0]
                for start in range(0, done, 4):
                    trick = seen.played[start : start + 4]
                    # the winner leads the next trick, or is to act when no card is led yet
                    following = seen.played[start + 4][0] if start + 4 < len(seen.played) \
                        else seen.to_act
                    team = 0 if following in (0, 2) else 1
                    points[team] += sum(_belote_points(card, seen.trump) for _, card in trick)
                ours = 0 if player in (0, 2) else 1
                assert f"your team {seen.tricks_won[ours]} trick" in zones["Won so far"]
                assert f"{points[ours]} card points" in zones["Won so far"]
                checked += 1
            moves = parlour.legal_moves(state)
            state = parlour.apply(state, moves[rng.randrange(len(moves))])
    assert checked == 40


# --- properties over random playouts -----------------------------------------------------------


def _strings(value: object) -> set[str]:
    """Every text inside a JSON-ready value (cards are written by their notation there)."""
    if isinstance(value, str):
        return set(value.split())
    if isinstance(value, dict):
        return {text for item in value.values() for text in _strings(item)}
    if isinstance(value, (list, tuple)):
        return {text for item in value for text in _strings(item)}
    return set()


def _card_words(text: str) -> set[str]:
    """The cards a screen text names, in the notation (not the card a wild stands for: the
    word after "as")."""
    words = set()
    said = text.translate(str.maketrans(",;()", "    ")).split()
    for before, word in zip(["", *said], said, strict=False):
        if before == "as" or word != word.upper():
            continue
        try:
            parse_card(word)
        except parlour.NotationError:
            continue
        words.add(word)
    return words


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_a_screen_names_only_cards_its_seat_may_see(game: str, data: st.DataObject) -> None:
    """Every card a screen names is in the seat's view or in the events told to that seat."""
    spec = data.draw(playouts(game, max_moves=120))
    hooks = get_game(game)
    assert isinstance(hooks, SupportsScreen)
    told: dict[int | None, list[parlour.engine.Event]] = {}
    for step in spec.run():
        seats: list[int | None] = [*range(parlour.players(step.after)), None]
        for seat in seats:
            told.setdefault(seat, []).extend(
                parlour.events_for(step.before, step.move, step.after, seat)
            )
            seen = parlour.view(step.after, seat)
            zones = hooks.screen(seen, told[seat], PLAIN)
            visible = _strings(seen.to_dict()) | {
                text for event in told[seat] for text in _strings(event.to_dict())
            }
            for zone in zones:
                assert _card_words(zone.text) <= visible, (seat, zone)
            for line in hooks.last_play(seen, PLAIN):
                assert _card_words(line) <= visible
            if parlour.current_player(step.after) == seat:
                told[seat] = []


def test_quit_leaves_the_match_and_the_log_keeps_the_moves_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["play", "ecarte", "--seed", "2", "--log"]
    first, left = tmp_path / "first.json", tmp_path / "left.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # stops at the first prompt
    assert main([*arguments, str(first)]) == 0
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nQUIT\n"))
    assert main([*arguments, str(left)]) == 0
    assert "You left the match: it is left unfinished." in capsys.readouterr().out
    before = parlour.read_log(first.read_text(encoding="utf-8"))
    kept = parlour.read_log(left.read_text(encoding="utf-8"))
    chosen = str(parlour.legal_moves(parlour.replay(before))[0])
    assert list(kept.moves[: len(before.moves) + 1]) == [*before.moves, chosen]
    assert parlour.current_player(parlour.replay(kept)) == 0  # quit at the person's next turn
