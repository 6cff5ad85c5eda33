"""The picture of a whole view: a standalone SVG document laid out as rows, drawn from the shapes
of `parlour.svg._shapes`.

From the top: the heading (the game, the deal, the dealer, the phase, who is to act), the score
line, the facts of the view in words (bids, contract, trump, tricks won, stock, …), the other
hands as backs with their counts (the cards the seat knows they hold face up), the cards on the
table (turn-up, the trick with who played each card, the last trick, the melds, the discard
pile), and last the seat's own hand, face up.

A view is drawn from its fields alone: every zone is one entry of a table from a field name to
the function that draws it, and a game's layout (`LAYOUTS`, a dict from the game's view type to
its layout) is the zones whose field its view has, in the table's order. Nothing here names a
particular game; a game's own view fields decide what its picture shows. A view holds only what
its seat may see, so a picture never shows a hidden card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from xml.sax.saxutils import escape

import attrs

from parlour.base import Card, Suit
from parlour.engine import View, game_of_view_type, seat_name
from parlour.games import GAMES
from parlour.svg._shapes import (
    CARD_HEIGHT,
    CARD_WIDTH,
    FONT,
    card_back_svg,
    card_svg,
    number,
    text_svg,
)

__all__ = ["LAYOUTS", "Layout", "layout_of", "view_svg"]

_MARGIN = 12
_GAP = 6
_LABEL_SIZE = 13
_LABEL_HEIGHT = 20
_CAPTION_HEIGHT = 14
_CARD_STEP = CARD_WIDTH + 4
_CROWDED_STEP = 26
"""The step between overlapping faces: the corner's rank and suit stay in sight."""
_CROWDED = 12
"""A row of more faces than this overlaps them."""
_BACK_STEP = 10
_CAPTIONED_STEP = 84
"""The step between faces captioned with who played them: room for ``seat 2 (partner)``."""
_GROUP_GAP = 28
_SIDE_BY_SIDE = frozenset({"turnup", "trick", "last-trick"})
"""The zones whose cards are put side by side in one row (the cards on the table)."""
_PACKED_WIDTH = 720
"""The width up to which groups (melds) are put side by side in one row."""
_TEXT_WIDTH = 7.2
"""A rough width of one character at the label size, for the picture's width."""
_MIN_WIDTH = 420
_BACKGROUND = "#2e7d4f"
_INK = "#ffffff"
_CAPTION_INK = "#e8f5e9"
_XMLNS = "http://www.w3.org/2000/svg"


@attrs.frozen(kw_only=True)
class _Group:
    """Cards of a zone under one label, each face up (``None``: a back), with optional
    captions under them (one per card); ``packed`` overlaps the faces (a meld)."""

    zone: str
    label: str
    cards: tuple[Card | None, ...] = ()
    captions: tuple[str, ...] = ()
    packed: bool = False

    def face_step(self) -> int:
        if self.captions:
            return _CAPTIONED_STEP
        crowded = self.packed or len(self.cards) > _CROWDED
        return _CROWDED_STEP if crowded else _CARD_STEP

    def places(self) -> list[int]:
        """The left edge of each card, from the group's left edge: a back overlaps the next
        card more than a face does."""
        step = self.face_step()
        places, left = [], (step - CARD_WIDTH) // 2 if self.captions else 0
        for card in self.cards:
            places.append(left)
            left += _BACK_STEP if card is None else step
        return places

    def width(self) -> float:
        label = len(self.label) * _TEXT_WIDTH
        if not self.cards:
            return label
        margin = (self.face_step() - CARD_WIDTH) // 2 if self.captions else 0
        return max(label, self.places()[-1] + CARD_WIDTH + margin)

    def height(self) -> int:
        height = _LABEL_HEIGHT
        if self.cards:
            height += CARD_HEIGHT + _GAP
        if self.captions:
            height += _CAPTION_HEIGHT
        return height


@attrs.frozen(kw_only=True)
class _Row:
    """One row of the picture: groups side by side, each with its label."""

    groups: tuple[_Group, ...]

    def width(self) -> float:
        return sum(group.width() for group in self.groups) + _GROUP_GAP * (len(self.groups) - 1)

    def height(self) -> int:
        return max(group.height() for group in self.groups)


def _row(
    zone: str, label: str, cards: Sequence[Card | None] = (), captions: Sequence[str] = ()
) -> _Row:
    """A row of one group."""
    return _Row(groups=(_Group(zone=zone, label=label, cards=tuple(cards),
                               captions=tuple(captions)),))  # fmt: skip


def _packed_rows(groups: Sequence[_Group]) -> list[_Row]:
    """``groups`` side by side, as many to a row as `_PACKED_WIDTH` holds."""
    rows: list[_Row] = []
    line: list[_Group] = []
    for group in groups:
        candidate = _Row(groups=(*line, group))
        if line and candidate.width() > _PACKED_WIDTH:
            rows.append(_Row(groups=tuple(line)))
            line = [group]
        else:
            line.append(group)
    if line:
        rows.append(_Row(groups=tuple(line)))
    return rows


ZoneDrawer = Callable[[Any], list[_Row]]
"""A zone of the picture: the rows it draws of a view (none when the view has nothing there)."""


# --- words ---------------------------------------------------------------------------------------


def _who(view: View, seat: int) -> str:
    return seat_name(seat, view.seat, view.teams)


def _team(view: View, number: int) -> str:
    team = view.teams[number]
    if view.seat in team:
        return "you" if len(team) == 1 else "your team"
    if len(team) == 1:
        return f"seat {team[0]}"
    return "seats " + " and ".join(str(seat) for seat in team)


def _suit(suit: Suit) -> str:
    return suit.symbol


def _said(view: View, said: Sequence[tuple[int, str]]) -> str:
    return ", ".join(f"{_who(view, seat)} {text}" for seat, text in said)


def _words(name: str) -> str:
    return name.replace("_", " ")


# --- the facts of a view, one line per field ------------------------------------------------------


def _fact(zone: str, label: str) -> list[_Row]:
    return [_row(zone, label)]


def _bids(view: Any) -> list[_Row]:
    return _fact("bids", f"Bids: {_said(view, view.bids)}") if view.bids else []


def _auction(view: Any) -> list[_Row]:
    return _fact("auction", f"Auction: {_said(view, view.auction)}") if view.auction else []


def _proposals(view: Any) -> list[_Row]:
    if not view.proposals:
        return []
    return _fact("proposals", f"Proposals: {_said(view, view.proposals)}")


def _exchanges(view: Any) -> list[_Row]:
    if not view.exchanges:
        return []
    swaps = ", ".join(f"{first} and {second}" for first, second in view.exchanges)
    return _fact("exchanges", f"Cards exchanged (non-dealer and dealer): {swaps}")


_LEVELS = ("", ", coinched", ", surcoinched")


def _contract(view: Any) -> list[_Row]:
    if view.contract is None:
        return []
    bidder, level_number = getattr(view, "bidder", None), getattr(view, "level", 0)
    by = "" if bidder is None else f" by {_who(view, bidder)}"
    level = _LEVELS[level_number] if 0 <= level_number < len(_LEVELS) else f", level {level_number}"
    return _fact("contract", f"Contract: {view.contract}{by}{level}")


def _trump(view: Any) -> list[_Row]:
    if view.trump is None:
        return []
    taker = getattr(view, "taker", None)
    by = "" if taker is None else f", taken by {_who(view, taker)}"
    return _fact("trump", f"Trump: {_suit(view.trump)}{by}")


def _king(view: Any) -> list[_Row]:
    if getattr(view, "turnup_king", False):
        return _fact("king", "The turn-up is a king: the dealer marks it")
    if view.king is None:
        return []
    return _fact("king", f"King of trumps marked by {_who(view, view.king)}")


def _belote(view: Any) -> list[_Row]:
    if view.belote_announced is None:
        return []
    return _fact("belote", f"Belote-rebelote announced by {_who(view, view.belote_announced)}")


def _belotes(view: Any) -> list[_Row]:
    if not view.belotes:
        return []
    said = ", ".join(f"{_who(view, seat)} in {letter}" for seat, letter in view.belotes)
    return _fact("belotes", f"Belotes announced: {said}")


def _tricks_won(view: Any) -> list[_Row]:
    if not any(view.tricks_won):
        return []
    won = ", ".join(
        f"{_team(view, number)} {count}" for number, count in enumerate(view.tricks_won)
    )
    return _fact("tricks-won", f"Tricks won: {won}")


def _held(view: Any) -> list[_Row]:
    return _fact("held", f"Litige: {view.held} points held over") if view.held else []


def _declarations(view: Any) -> list[_Row]:
    if not view.declarations:
        return []
    said = ", ".join(
        f"{_who(view, each.seat)} {_words(each.name)} {each.points}"
        for each in view.declarations
    )
    return _fact("declarations", f"Declared: {said}")


def _stock(view: Any) -> list[_Row]:
    size = view.stock_size
    return _fact("stock", f"Stock: {size} cards face down" if size else "Stock: empty")


def _talon(view: Any) -> list[_Row]:
    return _fact("talon", f"Talon: {view.talon_size} cards face down")


def _discard_sizes(view: Any) -> list[_Row]:
    if not any(view.discard_sizes):
        return []
    sizes = ", ".join(
        f"{_who(view, seat)} {size}" for seat, size in enumerate(view.discard_sizes)
    )
    return _fact("discard-sizes", f"Cards discarded: {sizes}")


def _pozzetti(view: Any) -> list[_Row]:
    takers = [
        _team(view, number)
        for number, taken in enumerate(getattr(view, "pozzetto_of_team", ()))
        if taken
    ]
    taken = " and ".join(takers) or "no team yet"
    return _fact("pozzetti", f"Pozzetti: {view.pozzetti_left} left; taken by {taken}")


def _this_turn(view: Any) -> list[_Row]:
    actor = "-" if view.to_act is None else _who(view, view.to_act)
    if view.no_discard is not None:
        barred = view.no_discard.symbol
        return _fact("this-turn", f"{actor} took a one-card pile: no discard of {barred} now")
    if getattr(view, "took_pile", False):
        return _fact("this-turn", f"{actor} took the discard pile")
    return []


def _last_turn(view: Any) -> list[_Row]:
    if not view.last_turn:
        return []
    return _fact("last-turn", "Last turn: the stock is down to its last cards")


# --- cards on the table ---------------------------------------------------------------------------


def _played_row(view: View, zone: str, label: str, cards: Sequence[tuple[int, Card]]) -> _Row:
    return _row(
        zone,
        label,
        cards=[card for _, card in cards],
        captions=[_who(view, seat) for seat, _ in cards],
    )


def _turnup(view: Any) -> list[_Row]:
    """The turn-up, face up while it lies on the table: in a game with a stock, while the stock
    is not empty (once the stock is dealt or drawn, the turn-up has gone into a hand)."""
    card = view.turnup
    if card is None or getattr(view, "stock_size", 1) == 0:
        return []
    return [_row("turnup", "Turn-up", cards=(card,))]


def _trick(view: Any) -> list[_Row]:
    if not view.trick:
        if view.phase != "play" or view.to_act is None:
            return []
        return _fact("trick", f"Trick: no card led yet, {_who(view, view.to_act)} to lead")
    return [_played_row(view, "trick", "Trick", view.trick)]


def _last_trick(view: Any) -> list[_Row]:
    if not view.last_trick:
        return []
    return [_played_row(view, "last-trick", "Last trick", view.last_trick)]


def _tables(view: Any) -> list[_Row]:
    rows = []
    for seat, table in enumerate(view.tables):
        if table:
            rows.append(_row(
                "table",
                f"Melded on the table by {_who(view, seat)}",
                cards=[each.card for each in table],
                captions=[_words(each.melds[-1]) if each.melds else "" for each in table],
            ))  # fmt: skip
    return rows


def _meld_label(number: int, meld: Any) -> str:
    size = "burraco" if meld.burraco else f"{len(meld.cards)} cards"
    return f"{number}. {meld.kind}, {size}, {'clean' if meld.clean else 'dirty'}"


def _melds(view: Any) -> list[_Row]:
    rows = []
    for team, melds in enumerate(view.melds):
        own = view.seat in view.teams[team]
        heading = f"Melds of {_team(view, team)}" + (" (add <n> adds to meld n)" if own else "")
        rows.append(_row("melds", heading if melds else f"{heading}: none yet"))
        groups = [
            _Group(zone="meld", label=_meld_label(number, meld), cards=meld.cards, packed=True)
            for number, meld in enumerate(melds, start=1)
        ]
        rows.extend(_packed_rows(groups))
    return rows


def _discard_pile(view: Any) -> list[_Row]:
    if not view.discard:
        return _fact("discard", "Discard pile: empty")
    return [_row("discard", "Discard pile, top first", cards=view.discard)]


def _discards(view: Any) -> list[_Row]:
    if not view.discards:
        return []
    return [_row("discards", "Your discards", cards=view.discards)]


# --- hands ----------------------------------------------------------------------------------------


_KNOWN_FIELDS = ("known", "known_cards")
"""The fields that list, by seat, the cards of a hand the viewer knows of."""


def _known(view: View, seat: int) -> tuple[Card, ...]:
    for name in _KNOWN_FIELDS:
        known: Sequence[Sequence[Card]] | None = getattr(view, name, None)
        if known is not None and seat < len(known):
            return tuple(known[seat])
    return ()


def _other_hands(view: View) -> list[_Row]:
    groups = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            continue
        known = _known(view, seat)
        hidden = max(size - len(known), 0)
        count = "1 card" if size == 1 else f"{size} cards"
        knowing = f", {len(known)} of them known" if known else ""
        groups.append(_Group(
            zone="hand",
            label=f"{_who(view, seat)}: {count}{knowing}", cards=(*known, *((None,) * hidden))
        ))  # fmt: skip
    return _packed_rows(groups)


def _own_hand(view: View) -> list[_Row]:
    seat = view.seat
    if seat is None:
        return []
    size = view.hand_sizes[seat] if seat < len(view.hand_sizes) else len(view.hand)
    if getattr(view, "pozzetto_unseen", False):
        return [_row(
            "own-hand", "Your hand: your pozzetto, face down until your next turn", (None,) * size
        )]  # fmt: skip
    count = "1 card" if len(view.hand) == 1 else f"{len(view.hand)} cards"
    return [_row("own-hand", f"Your hand: {count}", cards=view.hand)]


# --- the table of zones ---------------------------------------------------------------------------

_ZONES: tuple[tuple[str, ZoneDrawer], ...] = (
    ("bids", _bids),
    ("auction", _auction),
    ("proposals", _proposals),
    ("exchanges", _exchanges),
    ("contract", _contract),
    ("trump", _trump),
    ("king", _king),
    ("belote_announced", _belote),
    ("belotes", _belotes),
    ("declarations", _declarations),
    ("tricks_won", _tricks_won),
    ("held", _held),
    ("stock_size", _stock),
    ("talon_size", _talon),
    ("discard_sizes", _discard_sizes),
    ("pozzetti_left", _pozzetti),
    ("no_discard", _this_turn),
    ("last_turn", _last_turn),
    ("hand_sizes", _other_hands),
    ("turnup", _turnup),
    ("trick", _trick),
    ("last_trick", _last_trick),
    ("tables", _tables),
    ("melds", _melds),
    ("discard", _discard_pile),
    ("discards", _discards),
    ("hand", _own_hand),
)
"""Each zone of a picture, top to bottom, under the view field that decides whether a game's
picture has it."""


@attrs.frozen(kw_only=True)
class Layout:
    """How one game's views are drawn: the game's name and the zones of its picture in order."""

    game: str
    zones: tuple[ZoneDrawer, ...]

    def rows(self, view: View) -> list[_Row]:
        rows = [_heading(self.game, view), _score(view)]
        side: list[_Group] = []
        for zone in self.zones:
            for row in zone(view):
                if all(group.zone in _SIDE_BY_SIDE for group in row.groups):
                    side.extend(row.groups)
                    continue
                rows.extend(_packed_rows(side))
                side = []
                rows.append(row)
        rows.extend(_packed_rows(side))
        return rows


def layout_of(view_type: type[View]) -> Layout:
    """The layout of a game's views: the zones whose field ``view_type`` has.

    Raises: `TypeError` if ``view_type`` is not the view type of a registered game.
    """
    game = game_of_view_type(view_type)
    fields = {field.name for field in attrs.fields(view_type)}
    return Layout(game=game.name, zones=tuple(zone for name, zone in _ZONES if name in fields))


LAYOUTS: dict[type[View], Layout] = {game.view_type: layout_of(game.view_type) for game in GAMES}
"""The layout of each built-in game's views, by view type: `view_svg` dispatches on it."""


def _heading(game: str, view: View) -> _Row:
    number = getattr(view, "deal_number", None)
    deal = "" if number is None else f"deal {number}, "
    number = getattr(view, "hand_number", None)
    deal += "" if number is None else f"hand {number}, "
    viewer = "spectator" if view.seat is None else f"seat {view.seat}"
    to_act = "" if view.to_act is None else f"; {_who(view, view.to_act)} to act"
    return _row(
        "heading",
        f"{game.capitalize()}, {viewer}'s view: {deal}dealt by "
        f"{_who(view, view.dealer)}; {_words(view.phase)}{to_act}",
    )


def _score(view: View) -> _Row:
    scores = view.match_score
    parts = [
        f"{_team(view, number)} {scores[team[0]]}"
        for number, team in enumerate(view.teams)
        if team and team[0] < len(scores)
    ]
    return _row("score", f"Score: {', '.join(parts)}")


# --- drawing --------------------------------------------------------------------------------------


def _row_svg(row: _Row, x: float, y: int) -> str:
    parts = []
    for group in row.groups:
        parts.append(f'<g class="zone" data-zone="{group.zone}">')
        weight = "bold" if group.zone == "heading" else "normal"
        parts.append(text_svg(
            x, y + _LABEL_SIZE + 2, group.label, size=_LABEL_SIZE, colour=_INK, weight=weight
        ))  # fmt: skip
        top = y + _LABEL_HEIGHT
        places = group.places()
        for left, card in zip(places, group.cards, strict=True):
            parts.append(
                card_back_svg(x=x + left, y=top) if card is None
                else card_svg(card, x=x + left, y=top)
            )  # fmt: skip
        for left, caption in zip(places, group.captions or ("",) * len(places), strict=True):
            if not caption:
                continue
            parts.append(text_svg(
                x + left + CARD_WIDTH / 2, top + CARD_HEIGHT + _CAPTION_HEIGHT - 2, caption,
                size=10, colour=_CAPTION_INK, anchor="middle",
            ))  # fmt: skip
        x += group.width() + _GROUP_GAP
        parts.append("</g>")
    return "".join(parts)


def view_svg(view: View, *, width: int | None = None) -> str:
    """The picture of ``view`` (any game's, as `parlour.view` gives it; a spectator's for seat
    ``None``) as a complete, standalone SVG document: the same view always gives the same text.

    ``width`` scales the picture to that many pixels wide (its natural size by default).

    Raises: `TypeError` for anything that is not a game's view or a ``width`` that is not an
    int; `ValueError` for a ``width`` below 1.
    """
    layout = LAYOUTS.get(type(view))
    if layout is None:
        if not isinstance(view, View):
            raise TypeError(
                f"view_svg takes a game's view (parlour.view), not {type(view).__name__}"
            )
        layout = layout_of(type(view))
    if width is not None and (isinstance(width, bool) or not isinstance(width, int)):
        raise TypeError(f"width must be an int or None, not {type(width).__name__}")
    if width is not None and width < 1:
        raise ValueError(f"width must be at least 1, not {width}")
    rows = layout.rows(view)
    body = []
    y = _MARGIN
    for row in rows:
        body.append(_row_svg(row, _MARGIN, y))
        y += row.height()
    natural_width = int(max(_MIN_WIDTH, max(row.width() for row in rows) + 2 * _MARGIN) + 0.5)
    natural_height = y + _MARGIN - _GAP
    shown_width = natural_width if width is None else width
    shown_height = natural_height * shown_width / natural_width
    title = f"{layout.game.capitalize()}: the view of " + (
        "a spectator" if view.seat is None else f"seat {view.seat}"
    )
    return (
        f'<svg xmlns="{_XMLNS}" width="{shown_width}" height="{number(round(shown_height, 2))}" '
        f'viewBox="0 0 {natural_width} {natural_height}" font-family="{FONT}" role="img">'
        f"<title>{escape(title)}</title>"
        f'<rect width="{natural_width}" height="{natural_height}" fill="{_BACKGROUND}"/>'
        f"{''.join(body)}</svg>\n"
    )
