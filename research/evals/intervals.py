"""Bootstrap 95% confidence intervals for per-question figures (recall@k, MRR, rates).

    low, high = bootstrap_interval([1, 0, 1, 1], mean)   # percentile bootstrap, fixed seed

A figure from 50 questions moves by several points when a handful of questions change: reported
without its interval it reads as more certain than it is, and a gate set at it fails on noise.
The interval resamples the questions with replacement (RESAMPLES times, seeded, so a report is
reproducible) and takes the 2.5th and 97.5th percentiles of the figure.
"""

import random
from statistics import fmean

RESAMPLES = 2000
SEED = 0


def bootstrap_interval(values, statistic=fmean, resamples=RESAMPLES, seed=SEED) -> tuple[float, float]:
    """(low, high) of the percentile bootstrap 95% interval of `statistic(values)`; (0, 0) for none."""
    values = list(values)
    if not values:
        return (0.0, 0.0)
    rng = random.Random(seed)
    n = len(values)
    figures = sorted(statistic([values[rng.randrange(n)] for _ in range(n)]) for _ in range(resamples))
    return (figures[int(0.025 * (resamples - 1))], figures[int(0.975 * (resamples - 1))])


def retrieval_intervals(results, k) -> dict:
    """{"recall_at_k": (low, high), "mrr": (low, high)} over research.evals.retrieval results."""
    found = [1.0 if r.rank is not None and r.rank <= k else 0.0 for r in results]
    reciprocal = [1.0 / r.rank if r.rank else 0.0 for r in results]
    return {"recall_at_k": _rounded(bootstrap_interval(found)), "mrr": _rounded(bootstrap_interval(reciprocal))}


def _rounded(interval):
    return (round(interval[0], 3), round(interval[1], 3))
