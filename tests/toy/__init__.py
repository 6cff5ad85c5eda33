"""A test-only toy trick game, registered with parlour by the one line below: the proof that a
game is one package plus one line (see ``tests/toy/rules.py`` for its rules)."""

import parlour.engine._game
from tests.toy.game import TOY_GAME

parlour.engine.register(TOY_GAME)
