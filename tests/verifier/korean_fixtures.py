"""Korean laws for tests that need no database: the real articles of ../shared/corpus/kr, read
from the statute files, as a CorpusView that holds articles only (the checker reads 항, 호 and 목
out of an article's text when the corpus holds no such unit)."""

import re
from functools import cache
from pathlib import Path

from verifier.acts import ActRef
from verifier.types import ProvisionView

KR = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "kr"
if not KR.exists():
    KR = Path("/work/shared/corpus/kr")
TITLES = {"민법": "민법", "개인정보보호법": "개인정보 보호법", "근로기준법": "근로기준법"}
_ARTICLE = re.compile(r"^##### (제\d+조(?:의\d+)?)(?: \((.*)\))?\s*$")


@cache
def articles(code: str) -> dict[str, ProvisionView]:
    """{제N조: view} of the newest revision of one law, in document order."""
    title = TITLES[code]
    lines = (KR / title / "법률.md").read_text(encoding="utf-8").split("\n")
    found, current, body, note = {}, None, [], ""
    for line in lines + ["## 부칙"]:
        heading = _ARTICLE.match(line)
        if heading or line.startswith("## 부칙") or line.startswith("#"):
            if current:
                text = "\n".join(b for b in body if b.strip())
                found[current] = ProvisionView(
                    id=f"{code}:{current}", act=code, section_id=f"{code}:{current}", kind="section",
                    label=current, text=text, sha256="", marginal_note=note,
                    url=f"https://www.law.go.kr/법령/{title}/{current}")
            current, body, note = (heading.group(1), [], heading.group(2) or "") if heading else (None, [], "")
            if line.startswith("## 부칙"):
                break
            continue
        if current:
            body.append(line.replace("\\.", ".").replace("**", "").strip())
    return found


class KoreanArticles:
    """A CorpusView over the articles of the three laws."""

    def get(self, provision_id):
        code, _, unit = provision_id.partition(":")
        return articles(code).get(unit) if code in TITLES else None

    def section_units(self, section_id):
        view = self.get(section_id)
        return [view] if view else []

    def act_sections(self, act_code):
        return list(articles(act_code).values()) if act_code in TITLES else []

    def definitions(self, act_code, where=None):
        return {}

    def act_refs(self):
        return [ActRef(code, [title]) for code, title in TITLES.items()]
