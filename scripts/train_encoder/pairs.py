"""Training pairs for the statute encoder, read from the statute book's own XML (no questions).

    .venv/bin/python scripts/train_encoder/pairs.py ../shared/corpus/ca OUT.jsonl [--per-file N]

Each line is {"query": ..., "passage": ..., "code": ...}: a section's marginal note (or a
subsection's) as the query and the section's headings and body, without the note, as the
passage; a defined term as the query and its definition, less the term it opens with, as the passage. Notes that more than
MAX_NOTE_REPEATS sections share ("Definitions", "Short title", "Regulations") say nothing about
one section and are left out. English Acts and regulations of the latest consolidation; the
passages are the texts corpus/embeddings.py embeds (section_input with no note).
"""

import argparse
import json
import random
import sys
import tarfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from corpus.embeddings import section_input  # noqa: E402
from corpus.ingest.justice_laws import ParseError, parse  # noqa: E402

ARCHIVES = ("all-acts-eng.tar.xz", "all-regulations-eng.tar.xz")
MAX_NOTE_REPEATS = 20
MIN_BODY = 40


def headings_above(nodes):
    """Title text of the headings in force above each section, as search_index does."""
    stack, result = [], {}
    for i, n in enumerate(nodes):
        if n.kind == "heading":
            stack = [(lv, t) for lv, t in stack if lv < n.level]
            stack.append((n.level, n.text))
        elif n.kind == "schedule":
            stack = [(0, n.marginal_note or n.label)]
        elif n.kind in {"section", "schedule_item"}:
            result[i] = " · ".join(t for _, t in stack)
    return result


def version_pairs(version):
    nodes = version.nodes
    headings = headings_above(nodes)
    pairs = []
    for i, n in enumerate(nodes):
        if n.status != "in_force" or len(n.text) < MIN_BODY:
            continue
        if n.kind == "section" and n.marginal_note:
            pairs.append((n.marginal_note, section_input("", headings.get(i, ""), n.text), "note"))
        elif n.kind == "subsection" and n.marginal_note and n.parent is not None:
            parent = n.parent
            pairs.append((n.marginal_note, section_input("", headings.get(parent, ""), n.text), "note"))
        elif n.kind == "definition" and n.defined_term:
            # The definition opens with its term: without it the passage is what the term means.
            meaning = n.text[len(n.defined_term):].strip() if n.text.lower().startswith(
                n.defined_term.lower()) else n.text
            if len(meaning) >= MIN_BODY:
                pairs.append((n.defined_term, meaning, "term"))
    return pairs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--per-file", type=int, default=40, help="pairs kept per instrument at most")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    rows = []
    for archive in ARCHIVES:
        with tarfile.open(args.corpus / archive) as tf:
            for member in tf:
                if not member.isfile() or not member.name.endswith(".xml"):
                    continue
                try:
                    version = parse(tf.extractfile(member).read(), member.name)
                except ParseError as exc:
                    print(f"skipped: {exc}", file=sys.stderr)
                    continue
                pairs = version_pairs(version)
                rng.shuffle(pairs)
                rows += [(q, p, kind, version.code) for q, p, kind in pairs[: args.per_file]]
    counts = Counter(q.lower() for q, _, kind, _ in rows if kind == "note")
    kept = [r for r in rows if r[2] != "note" or counts[r[0].lower()] <= MAX_NOTE_REPEATS]
    rng.shuffle(kept)
    with args.out.open("w", encoding="utf-8") as f:
        for q, p, kind, code in kept:
            f.write(json.dumps({"query": q, "passage": p, "kind": kind, "code": code}, ensure_ascii=False) + "\n")
    print(f"{len(kept)} pairs ({len(rows) - len(kept)} with a note shared by more than "
          f"{MAX_NOTE_REPEATS} sections left out) -> {args.out}")


if __name__ == "__main__":
    main()
