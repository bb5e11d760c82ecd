"""When does a scoped search's best answer lie outside its scope? corpus/search_scope.py quotes
the figures this prints.

    DJANGO_SETTINGS_MODULE=research.settings .venv/bin/python bench/scope_broadening.py [dev|holdout]

Each question of the sets with expected sections is searched within the Acts its expected
sections are in (the right scope: calling it worse is a false alarm) and within each other Act
held (a wrong scope: letting it pass hides the answer). For each, how many sections of other Acts
rank above the scope's best in the search of every Act (corpus.search_scope). Printed: at several
counts, the rate of false alarms and of wrong scopes let pass. Needs a database holding the
default corpus. Not part of the app.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import django  # noqa: E402 - after the path is set

django.setup()

from corpus.models import Act  # noqa: E402
from corpus.search import MAX_LIMIT, search  # noqa: E402
from research.evals import retrieval  # noqa: E402

SETS = {"dev": [retrieval.DEV, retrieval.DEV2, retrieval.DEV3, retrieval.DEV4, retrieval.GOLDEN],
        "holdout": [retrieval.HOLDOUT, retrieval.HOLDOUT2, retrieval.HOLDOUT3]}
COUNTS = (3, 5, 10, 20, 30)


def ahead(ranked, acts) -> int:
    """Sections of other Acts ranked above the best of `acts` (as corpus.search_scope counts)."""
    return next((i for i, act in enumerate(ranked) if act in acts), MAX_LIMIT)


def main(which="dev"):
    codes = list(Act.objects.filter(jurisdiction="ca", kind=Act.KIND_ACT).values_list("code", flat=True))
    right, wrong = [], []
    for path in SETS[which]:
        for item in retrieval.load_golden(path):
            if item.get("decline") or not item.get("expected"):
                continue
            ranked = [h.act_code for h in search(item["question"], limit=MAX_LIMIT).hits]
            asked = {pid.split(":", 1)[0] for pid in item["expected"]}
            if not ranked or all(act in asked for act in ranked):
                continue
            right.append(ahead(ranked, asked))
            wrong += [ahead(ranked, {code}) for code in codes if code not in asked]
    print(f"{which}: {len(right)} right scopes, {len(wrong)} wrong scopes")
    for cut in COUNTS:
        alarms = sum(1 for n in right if n >= cut) / len(right)
        passed = sum(1 for n in wrong if n < cut) / len(wrong)
        print(f"  {cut} ahead: right scope called worse {alarms:.1%}, wrong scope let pass {passed:.1%}")


if __name__ == "__main__":
    main(*sys.argv[1:])
