"""The default verifier corpus: real statute text (see fixtures_data.py) in an InMemoryCorpus."""

from dataclasses import replace
from datetime import date

from corpus.models import Act
from verifier.adapter import act_ref
from verifier.pinpoints import parse_provision_id
from verifier.quotes import sha256_text
from verifier.types import InMemoryCorpus, ProvisionView

from .fixtures_data import ROWS

PIT = {"P-8.6": date(2026, 3, 26), "P-21": date(2026, 3, 26), "H-6": date(2026, 3, 26)}
REPEALED_IDS = {"H-6:s13"}
# 민법 (Civil Act) article 103, copied from /work/shared/corpus/kr/민법/법률.md.
KOREAN_ROWS = [
    ("민법:s103", "민법", "section", "103", "반사회질서의 법률행위", "제103조",
     "선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다."),
]

# Built from the Acts' real titles and chapters as the corpus adapter builds them, so derived
# names (PIPEDA, LPRPDE, CHRA, "S.C. 2000, c. 5") resolve as they do over the database.
ACTS = [
    act_ref(Act(code="P-8.6", title_en="Personal Information Protection and Electronic Documents Act",
                title_fr="Loi sur la protection des renseignements personnels et les documents électroniques",
                long_title_en="An Act to support and promote electronic commerce by protecting personal "
                              "information that is collected, used or disclosed in certain circumstances",
                citation_en="S.C. 2000, c. 5", citation_fr="L.C. 2000, ch. 5")),
    act_ref(Act(code="P-21", title_en="Privacy Act", title_fr="Loi sur la protection des renseignements personnels",
                citation_en="R.S.C. 1985, c. P-21", citation_fr="L.R.C. (1985), ch. P-21")),
    act_ref(Act(code="H-6", title_en="Canadian Human Rights Act",
                title_fr="Loi canadienne sur les droits de la personne",
                citation_en="R.S.C. 1985, c. H-6", citation_fr="L.R.C. (1985), ch. H-6")),
    act_ref(Act(code="민법", title_en="민법")),
]


def provision(row) -> ProvisionView:
    pid, act, kind, label, note, path, text = row
    section_id = parse_provision_id(pid).section_id
    number = section_id.split(":s", 1)[1]
    return ProvisionView(
        id=pid, act=act, section_id=section_id, kind=kind, label=label, text=text,
        sha256=sha256_text(text),
        status="repealed" if pid in REPEALED_IDS else "in_force",
        pit_date=PIT.get(act), marginal_note=note, path=path,
        url=(f"https://www.law.go.kr/법령/{act}/제{number}조" if act == "민법"
             else f"https://laws-lois.justice.gc.ca/eng/acts/{act}/section-{number}.html"),
    )


PROVISIONS = [provision(r) for r in ROWS + KOREAN_ROWS]


def make_corpus(*changed: ProvisionView) -> InMemoryCorpus:
    """The default corpus, with any `changed` views replacing those with the same id."""
    by_id = {p.id: p for p in changed}
    return InMemoryCorpus([by_id.get(p.id, p) for p in PROVISIONS], ACTS)


CORPUS = make_corpus()


def text_of(provision_id: str) -> str:
    return CORPUS.get(provision_id).text


def outdated(provision_id: str) -> ProvisionView:
    return replace(CORPUS.get(provision_id), is_latest_version=False)
