"""Figures of a balance report and the tests that compare two of them.

Every figure is kept as exact integer counts (hits and trials, or a histogram
of whole-number values), so a report is the same however the games were split
between processes. The statistics need only ``math``: Wilson intervals, a
two-proportion z-test for rates and Welch's t-test for means, whose Student-t
tail comes from the regularised incomplete beta function.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval
BETA_EPSILON = 1e-14
BETA_MAX_STEPS = 300


@dataclass(frozen=True)
class Rate:
    """``hits`` out of ``trials``: a win rate, how often the limit binds, ..."""

    hits: int
    trials: int

    @property
    def value(self) -> float:
        return self.hits / self.trials if self.trials else math.nan

    def interval(self) -> tuple[float, float]:
        return wilson(self.hits, self.trials)


@dataclass(frozen=True)
class Spread:
    """Whole-number samples summarised exactly: count, sums, quartiles and range."""

    n: int
    total: int
    squares: int
    quartiles: tuple[float, float, float]
    low: int
    high: int

    @classmethod
    def of(cls, counts: Mapping[int, int]) -> Spread:
        """From a histogram value -> how often it occurred."""
        values = sorted(v for v, k in counts.items() if k)
        n = sum(counts[v] for v in values)
        if not n:
            return cls(0, 0, 0, (math.nan,) * 3, 0, 0)
        return cls(
            n=n,
            total=sum(v * counts[v] for v in values),
            squares=sum(v * v * counts[v] for v in values),
            quartiles=tuple(_quantile(values, counts, n, q) for q in (0.25, 0.5, 0.75)),
            low=values[0],
            high=values[-1],
        )

    @property
    def value(self) -> float:
        return self.total / self.n if self.n else math.nan

    @property
    def variance(self) -> float:
        """The sample variance, from exact integer sums."""
        if self.n < 2:
            return math.nan
        return (self.n * self.squares - self.total * self.total) / (self.n * (self.n - 1))

    def interval(self) -> tuple[float, float]:
        """A 95% interval for the mean (normal approximation)."""
        if self.n < 2:
            return (math.nan, math.nan)
        half = Z95 * math.sqrt(self.variance / self.n)
        return (self.value - half, self.value + half)


Figure = Rate | Spread


def _quantile(values: list[int], counts: Mapping[int, int], n: int, q: float) -> float:
    """The q-quantile, interpolating between order statistics (numpy's default)."""
    position = (n - 1) * q
    below, frac = int(position), position - int(position)
    low = _order_statistic(values, counts, below)
    if not frac:
        return float(low)
    high = _order_statistic(values, counts, below + 1)
    return low + (high - low) * frac


def _order_statistic(values: list[int], counts: Mapping[int, int], k: int) -> int:
    seen = 0
    for value in values:
        seen += counts[value]
        if k < seen:
            return value
    return values[-1]


# -- intervals and tests -------------------------------------------------------------
def wilson(hits: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval: honest near 0% and 100%, unlike the plain ±z·se."""
    if not trials:
        return (math.nan, math.nan)
    p = hits / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def two_proportion_p(before: Rate, after: Rate) -> float | None:
    """Two-sided p-value of the pooled two-proportion z-test; None without data."""
    if not before.trials or not after.trials:
        return None
    pooled = (before.hits + after.hits) / (before.trials + after.trials)
    se = math.sqrt(pooled * (1 - pooled) * (1 / before.trials + 1 / after.trials))
    if se == 0:
        return 1.0
    z = (after.value - before.value) / se
    return math.erfc(abs(z) / math.sqrt(2))


def welch_p(before: Spread, after: Spread) -> float | None:
    """Two-sided p-value of Welch's t-test on two means; None without two samples each."""
    if before.n < 2 or after.n < 2:
        return None
    a, b = before.variance / before.n, after.variance / after.n
    if a + b == 0:
        return 1.0 if before.value == after.value else 0.0
    t = (after.value - before.value) / math.sqrt(a + b)
    df = (a + b) ** 2 / (a * a / (before.n - 1) + b * b / (after.n - 1))
    return student_t_two_sided(t, df)


def student_t_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with ``df`` degrees of freedom."""
    return regularized_beta(df / 2, 0.5, df / (df + t * t))


def regularized_beta(a: float, b: float, x: float) -> float:
    """I_x(a, b), by the continued fraction on whichever side converges fast."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    front = math.exp(log_front)
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(a, b, x) / a
    return 1 - front * _beta_fraction(b, a, 1 - x) / b


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The incomplete beta's continued fraction, evaluated by Lentz's method."""
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, BETA_MAX_STEPS + 1):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1) < BETA_EPSILON:
            break
    return result


def p_value(before: Figure, after: Figure) -> float | None:
    """The test that fits the figure: proportions for rates, Welch for means."""
    if isinstance(before, Rate) and isinstance(after, Rate):
        return two_proportion_p(before, after)
    if isinstance(before, Spread) and isinstance(after, Spread):
        return welch_p(before, after)
    return None


def significance(p: float | None) -> str:
    """The mark printed beside a change."""
    if p is None or math.isnan(p):
        return "n/a"
    for threshold in (0.001, 0.01, 0.05):
        if p < threshold:
            return f"p<{threshold:g}"
    return "n.s."
