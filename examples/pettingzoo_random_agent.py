"""Evaluate a simple Écarté agent against a random one through the PettingZoo environment.

    python examples/pettingzoo_random_agent.py [MATCHES]

Both agents see only what PettingZoo gives them: the observation's ``action_mask`` and the
move texts in ``info["action_texts"]``. The random agent picks any legal id. The simple agent
never proposes an exchange, refuses one, marks the king of trumps when it may, and plays its
highest card (Écarté's order: K Q J A 10 9 8 7, trumps first). Seat 0 is the simple agent in
even matches, seat 1 in odd ones; each match is a whole match to 5 points, dealt from
``reset(seed=match number)``, so the output is the same on every run. Needs the extra
``parlour[pettingzoo]``.
"""

from __future__ import annotations

import random
import sys

from parlour import view
from parlour.integrations.pettingzoo import EcarteEnv

RANK_ORDER = ("K", "Q", "J", "A", "10", "9", "8", "7")
"""Écarté's card order, highest first (the ace ranks between the jack and the ten)."""


def random_choice(texts: dict[int, str], rng: random.Random) -> int:
    """Any legal id."""
    return rng.choice(sorted(texts))


def simple_choice(texts: dict[int, str], trump: str) -> int:
    """The simple agent's id: mark the king, never propose, refuse, play the highest card."""
    by_text = {text: action for action, text in texts.items()}
    for keyword in ("king", "refuse"):
        if keyword in by_text:
            return by_text[keyword]
    plays = [text for text in by_text if text.startswith("play ")]
    if plays:

        def strength(text: str) -> tuple[bool, int]:
            card = text.split()[1]
            return (card[-1] == trump, -RANK_ORDER.index(card[:-1]))

        return by_text[max(plays, key=strength)]
    return min(texts)  # an exchange to make: its first legal id


def play_match(match: int, simple_seat: int) -> float:
    """One whole match; the simple agent's total reward."""
    environment = EcarteEnv()
    environment.reset(seed=match)
    rng = random.Random(match)
    total = 0.0
    for agent in environment.agent_iter():
        _, reward, terminated, truncated, info = environment.last()
        if agent == f"player_{simple_seat}":
            total += reward
        if terminated or truncated:
            environment.step(None)
            continue
        texts: dict[int, str] = info["action_texts"]
        if agent == f"player_{simple_seat}":
            trump = _trump(environment)
            environment.step(simple_choice(texts, trump))
        else:
            environment.step(random_choice(texts, rng))
    return total


def _trump(environment: EcarteEnv) -> str:
    """The trump suit's letter, read from the view the environment is built on."""
    suit: str = view(environment.parlour_state, None).to_dict()["trump"]
    return suit


def main(arguments: list[str]) -> int:
    matches = int(arguments[0]) if arguments else 40
    rewards = [play_match(match, match % 2) for match in range(matches)]
    wins = sum(1 for reward in rewards if reward > 0)
    print(f"simple agent won {wins} of {matches} matches against a random agent")
    print(f"mean reward per match: {sum(rewards) / matches:+.2f} points")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
