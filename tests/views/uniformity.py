"""A chi-square goodness-of-fit test of uniformity, written with `math` alone (no scipy).

`chi_square_p(counts, outcomes)` is the p-value of Pearson's statistic for the hypothesis that
every outcome of ``outcomes`` is equally likely, given how often each came out (``counts``, a
`collections.Counter`); an outcome outside ``outcomes`` is a failure of its own, reported by
`uniformity_p` raising. The tail of the chi-square distribution with ``k`` degrees of freedom
at ``x`` is the regularised upper incomplete gamma function Q(k / 2, x / 2), computed by its
series below a + 1 and by its continued fraction above (Numerical Recipes, 6.2).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Hashable
from typing import TypeVar

__all__ = ["chi_square_p", "chi_square_tail", "uniformity_p"]

_EPSILON = 1e-15
_TINY = 1e-300
_STEPS = 10_000

Outcome = TypeVar("Outcome", bound=Hashable)


def _lower_series(a: float, x: float) -> float:
    """P(a, x) by its series (converges fast for x < a + 1)."""
    term = 1.0 / a
    total = term
    for step in range(1, _STEPS):
        term *= x / (a + step)
        total += term
        if abs(term) < abs(total) * _EPSILON:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction, Lentz's method (converges fast for x > a + 1)."""
    b = x + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for step in range(1, _STEPS):
        an = -step * (step - a)
        b += 2.0
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPSILON:
            break
    return h * math.exp(-x + a * math.log(x) - math.lgamma(a))


def chi_square_tail(statistic: float, degrees: int) -> float:
    """The probability that a chi-square variable with ``degrees`` degrees of freedom is at
    least ``statistic``."""
    if statistic <= 0:
        return 1.0
    a = degrees / 2
    x = statistic / 2
    if x < a + 1:
        return 1.0 - _lower_series(a, x)
    return _upper_fraction(a, x)


def chi_square_p(counts: Counter[Outcome], outcomes: Collection[Outcome]) -> float:
    """The p-value of Pearson's chi-square statistic of ``counts`` against equal chances for
    every one of ``outcomes`` (at least two)."""
    total = sum(counts.values())
    expected = total / len(outcomes)
    statistic = sum((counts[outcome] - expected) ** 2 / expected for outcome in outcomes)
    return chi_square_tail(statistic, len(outcomes) - 1)


def uniformity_p(counts: Counter[Outcome], outcomes: Collection[Outcome]) -> float:
    """`chi_square_p`, after checking that nothing outside ``outcomes`` came out."""
    strays = set(counts) - set(outcomes)
    example = sorted(map(repr, strays))[:1]
    assert not strays, f"{len(strays)} outcomes outside the expected ones, e.g. {example}"
    return chi_square_p(counts, outcomes)
