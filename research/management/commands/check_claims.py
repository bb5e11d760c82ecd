"""manage.py check_claims FILE [--json] [--as-at YYYY-MM-DD] — audit a memo's citations.

FILE is a plain-text memo (each sentence or bullet is a claim), or a YAML/JSON list of items
with `id` and `claim` (other keys, e.g. an expected `label`, are ignored). Prints a table of
id, label, finding, rationale and links; with --json, one JSON array as the last line.
"""

import json
import textwrap
from pathlib import Path

import yaml
from django.core.management.base import BaseCommand, CommandError

from corpus.text_input import read_text
from verifier.service import check_claim_items, check_claims_text

_LIST_SUFFIXES = {".yaml", ".yml", ".json"}
_RATIONALE_WIDTH = 72


class Command(BaseCommand):
    help = "Check the citations of a memo (text) or of a YAML/JSON list of {id, claim} items."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--json", action="store_true", dest="as_json", help="print one JSON array (last line)")
        parser.add_argument("--as-at", default=None, help="check against the law as at YYYY-MM-DD")
        parser.add_argument("--local-only", action="store_true",
                            help="the Korean auditor's local-only mode: Korean claims are not compared")

    def handle(self, *args, file, as_json, as_at, local_only, **options):
        path = Path(file)
        try:
            content = read_text(path)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        try:
            items = read_items(content, path.suffix.lower())
            if items is None:
                results = check_claims_text(content, as_at=as_at, local_only=local_only)
            else:
                results = check_claim_items(items, as_at=as_at, local_only=local_only)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        if as_json:
            self.stdout.write(json.dumps(results, ensure_ascii=False))
        else:
            self.stdout.write(render_table(results))


def read_items(content, suffix):
    """The {id, claim} items in `content`, or None when it is a plain memo.

    A .yaml/.yml/.json file must hold such a list (ValueError otherwise); any other file is a
    list only when its content parses as a non-empty list of mappings with a `claim`.
    """
    try:
        data = yaml.safe_load(content)  # YAML is a superset of JSON
    except yaml.YAMLError as exc:
        if suffix in _LIST_SUFFIXES:
            raise ValueError(f"cannot parse the list: {exc}") from None
        return None
    looks_like_items = (isinstance(data, list) and data
                        and all(isinstance(i, dict) and "claim" in i for i in data))
    if looks_like_items:
        return data
    if suffix in _LIST_SUFFIXES:
        raise ValueError("expected a list of items, each with 'id' and 'claim'")
    return None


def render_table(results):
    """A fixed-width table: ID, LABEL, FINDING, then the rationale and links wrapped below."""
    id_width = max([len("ID"), *(len(r["id"]) for r in results)])
    lines = [f"{'ID':<{id_width}}  {'LABEL':<12}  {'FINDING':<18}  RATIONALE"]
    indent = " " * (id_width + 36)
    for r in results:
        wrapped = textwrap.wrap(r["rationale"], _RATIONALE_WIDTH) or [""]
        lines.append(f"{r['id']:<{id_width}}  {r['label']:<12}  {r['finding'] or '-':<18}  {wrapped[0]}")
        lines += [indent + line for line in wrapped[1:]]
        lines += [indent + "→ " + link for link in r["links"]]
    counts = {}
    for r in results:
        counts[r["label"]] = counts.get(r["label"], 0) + 1
    lines.append("")
    lines.append(", ".join(f"{n} {label}" for label, n in sorted(counts.items())) or "no claims")
    return "\n".join(lines)
