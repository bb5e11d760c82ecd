"""The command line of the standalone answer verifier (scripts/verify_answer_standalone.py),
written once: `manage.py verify_answer` prints the same lines from the same function.

    python scripts/verify_answer_standalone.py ANSWER.md EVIDENCE.json

Exit 0 when every passage holds, 1 when any fails, 2 when a file cannot be read or is not
an answer and its evidence.
"""

import json
import sys

from verifier.answer_markdown import check_export


class Unusable(Exception):
    """An input that is not an answer and its evidence; the message names which and why."""


def report(md: str, evidence_text: str, answer_name="ANSWER.md", evidence_name="EVIDENCE.json"):
    """(lines to print, number failed) for an exported answer and its evidence file's text.
    Raises Unusable for evidence that is not a JSON object or an answer quoting nothing."""
    try:
        provisions = json.loads(evidence_text)
    except json.JSONDecodeError as exc:
        raise Unusable(f"{evidence_name} is not JSON: {exc}") from None
    if not isinstance(provisions, dict):
        raise Unusable(f"{evidence_name} must map provision ids to {{text, sha256, pit_date}}")
    results = check_export(md, provisions)
    if not results:
        raise Unusable(f"{answer_name} quotes no passage (expected '> \"...\"' blocks with Path lines)")
    lines = [f"{n}. {r['provision_id']}: {r['status']} — {r['message']}" for n, r in enumerate(results, start=1)]
    failed = sum(not r["ok"] for r in results)
    summary = f"{len(results) - failed} of {len(results)} passages hold"
    lines.append(f"{summary}; {failed} failed" if failed else summary)
    return lines, failed


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        print("usage: verify_answer_standalone.py ANSWER.md EVIDENCE.json", file=sys.stderr)
        return 2
    try:
        texts = [open(path, encoding="utf-8").read() for path in argv]  # noqa: SIM115 - two small files
        lines, failed = report(*texts, *argv)
    except (OSError, UnicodeDecodeError, Unusable) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
