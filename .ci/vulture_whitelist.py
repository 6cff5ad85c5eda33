"""Names vulture cannot see used (`vulture src tests examples benchmarks .ci/vulture_whitelist.py`).

Each line is a name that something outside our code reads: a framework calls it, or it is data a
user reads. Keep it short: a name here that nothing reads is dead code.
"""

# Ranks of Burraco's 2-to-6 cards: members of the Rank enum, read by parsing and the deck tables.
FOUR, FIVE, SIX  # noqa: B018
# An encoding's seat count, part of the Encoding record that the adapters and users read.
max_players  # noqa: B018
# Bezique's 160 brisques per deal: a rules constant the rules page names.
BRISQUES_TOTAL  # noqa: B018
# OpenSpiel calls these on a Python game and state (pyspiel's Game / State interface).
make_py_observer, _legal_actions, _apply_action, _action_to_string, set_from, string_from  # noqa: B018
# PettingZoo calls these on an AEC environment.
observation_space, action_space  # noqa: B018
# The (signum, frame) parameters of signal handlers, which the signal module passes.
signum, frame  # noqa: B018
# Score-reason tables of tests/test_score_reasons.py, read by reflection over the class.
SECOND, not_a_reason, AGAIN, OTHER  # noqa: B018
# Coinche's option of the rules file that takes only false for now (docs/coinche.md, "Not
# offered yet"): a user sets it, nothing reads it until the announcements are played.
card_in_two_announcements  # noqa: B018
# uvicorn's Server reads should_exit: tests/web/test_browser.py stops its server thread by it.
should_exit  # noqa: B018
