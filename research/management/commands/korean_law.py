"""manage.py korean_law parse | lookup-law | extract-hang | extract-ho | normalize-case | verify

The Korean citation auditor's helper commands, each printing one JSON object and nothing else
(the shapes of ../shared/specs/korean-law-citation-auditor.txt):

    parse "민법 제103조는 ..."          {"kind": "statute", "law": "민법", "jo": "제103조", "hang": null, "ho": null, ...}
    parse "대법원 2023다302036 판결은 ..." {"kind": "precedent", "case_number": "2023다302036"}
    lookup-law "개인정보 보호법"         {"law_id": "개인정보보호법", "title": "개인정보 보호법", "url": "..."}
    extract-hang FILE|- 1               {"hang": "<text of ①>"} or {"hang": null}
    extract-ho FILE|- 2                 {"ho": "<text of 2.>"} or {"ho": null}
    normalize-case "대법원-2023-다-302036" {"case_number": "2023다302036"}
    verify '{"claim": {...}, "local_only": false}'
                                        {"label": ..., "rationale": ..., "supporting_urls": [...], "authority": 1.0}

`law_id` is the law's id in this corpus (its title without spaces), the id the article
lookups take; null when no law held has that name. `verify` takes the protocol's input: a
claim (a string, or an object with `text` or `claim`) or {"claim": ..., "local_only": ...}.
"""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from corpus.korean_citations import find_korean_citations, law_names, resolve_law
from verifier.korean_claims import korean_titles
from verifier.korean_text import extract_hang, extract_ho
from verifier.precedents import find_case_number, normalize_case_number
from verifier.service import check_claim_items, korean_sources


class Command(BaseCommand):
    help = "The Korean citation auditor's helpers: parse, lookup-law, extract-hang, extract-ho, normalize-case, verify."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="action", required=True)
        sub.add_parser("parse").add_argument("text")
        sub.add_parser("lookup-law").add_argument("name")
        for name, unit in (("extract-hang", "hang_num"), ("extract-ho", "ho_num")):
            p = sub.add_parser(name)
            p.add_argument("file", help="a file with the text, or - for stdin")
            p.add_argument(unit)
        sub.add_parser("normalize-case").add_argument("text")
        sub.add_parser("verify").add_argument("arguments", help="the protocol's input JSON")

    def handle(self, *args, action, **options):
        result = getattr(self, "_" + action.replace("-", "_"))(**options)
        self.stdout.write(json.dumps(result, ensure_ascii=False))

    def _parse(self, text, **_):
        case = find_case_number(text)
        citations = find_korean_citations(text, _laws())
        if case is not None and (not citations or case[1] < citations[0].start):
            return {"kind": "precedent", "case_number": case[0]}
        if not citations:
            return {"kind": None}
        return citations[0].as_parse()

    def _lookup_law(self, name, **_):
        law = resolve_law(name, _laws())
        if law is None:
            return {"law_id": None}
        return {"law_id": law.code, "title": law.title, "url": f"https://www.law.go.kr/법령/{law.title}"}

    def _extract_hang(self, file, hang_num, **_):
        return {"hang": extract_hang(_read(file), _number(hang_num))}

    def _extract_ho(self, file, ho_num, **_):
        return {"ho": extract_ho(_read(file), ho_num.strip())}

    def _normalize_case(self, text, **_):
        return {"case_number": normalize_case_number(text)}

    def _verify(self, arguments, **_):
        try:
            data = json.loads(arguments)
        except json.JSONDecodeError as exc:
            raise CommandError(f"the arguments are not JSON: {exc}") from None
        # {"claim": <Claim>, "local_only": ...}, or a bare claim (then local_only is false).
        wrapped = isinstance(data, dict) and ("local_only" in data or isinstance(data.get("claim"), dict))
        claim, local_only = (data.get("claim"), bool(data.get("local_only"))) if wrapped else (data, False)
        text = claim if isinstance(claim, str) else None
        if isinstance(claim, dict):
            text = claim.get("text") or claim.get("claim")
        if not isinstance(text, str) or not text.strip():
            raise CommandError("expected a claim: a string, or an object with 'text' or 'claim'")
        [result] = check_claim_items([{"id": "1", "claim": text}], local_only=local_only)
        return {key: result[key] for key in ("label", "rationale", "supporting_urls", "authority")}


def _laws():
    corpus, _ = korean_sources()
    return law_names(korean_titles(corpus))


def _read(file):
    try:
        return sys.stdin.read() if file == "-" else open(file, encoding="utf-8").read()
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"cannot read {file}: {exc}") from None


def _number(value):
    try:
        return int(value)
    except ValueError:
        raise CommandError(f"{value!r} is not a paragraph number") from None
