"""A user's program, checked by mypy --strict in tests/typing/test_user_typing.py.

Each line that must be refused ends with ``# expect: <mypy error code>``; every other line
must be accepted. This file is excluded from the project's own mypy run.
"""

import random

import parlour
from parlour import belote, ecarte

state = parlour.new_game("belote", seed=7)
hand: tuple[parlour.Card, ...] = parlour.view(state, 1).hand
turnup = parlour.view(state, 1).turnup
after: belote.BeloteState = parlour.apply(state, "pass")
x: int = parlour.apply(state, "pass")  # expect: assignment
missing = parlour.view(state, 1).no_such_field  # expect: attr-defined
parlour.apply(state, 42)  # expect: arg-type
moves: tuple[int, ...] = parlour.legal_moves(state)  # expect: assignment
sampled: belote.BeloteState = parlour.resample_hidden(state, 1, random.Random(1))

deal = belote.new_game(seed=7)
deal = belote.apply(deal, "pass")
points: tuple[int, ...] = belote.score(deal)
wrong: str = belote.score(deal)  # expect: assignment
belote_hand: tuple[parlour.Card, ...] = belote.view(deal, 2).hand

duel = ecarte.new_game(seed=3)
belote.apply(duel, "pass")  # expect: arg-type
duel_options: ecarte.Options = ecarte.options(duel)
belote_options: belote.Options = ecarte.options(duel)  # expect: assignment

name: str = input()
any_state = parlour.new_game(name)
parlour.view(any_state, 0).to_dict()
parlour.new_game("belote", seed="7")  # expect: call-overload
