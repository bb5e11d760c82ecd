"""Korean statutes: the importer, the ids, as-at by 시행일자 and the API, on the real files.

The session database holds the revisions tests/conftest.py lists (KOREAN_REVISIONS), read from
the shipped archive corpus/data/kr/korean-laws.tar.xz, byte-identical to ../shared/corpus/kr.
"""

import datetime as dt
import io
import re
import tarfile
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from corpus import lookup
from corpus.ingest import korean_laws
from corpus.models import (
    Act,
    ActVersion,
    PendingAmendment,
    Provision,
    ProvisionText,
    VersionNotHeld,
)
from tests.conftest import load_korean_revisions
from verifier.adapter import DbCorpus


def archive():
    return next(Path(settings.VERBATIM_KOREAN_CORPUS[0]).glob("*.tar.xz"))


def revision_bytes(name):
    with tarfile.open(archive()) as tar:
        return tar.extractfile(f"history/{name}").read()


def text(pinpoint, as_at=None):
    return lookup.get_provision(pinpoint, as_at=as_at).text.text


# --- the parser, straight from the file ----------------------------------------------------------

@pytest.mark.parametrize("name, articles, with_branch, deleted, addenda", [
    ("민법/2026-03-17_284415.md", 1193, 75, 77, 37),
    ("개인정보 보호법/2026-03-10_283839.md", 127, 51, 2, 13),
    ("근로기준법/2026-03-17_284443.md", 132, 16, 1, 29),
])
def test_every_article_heading_becomes_one_article(name, articles, with_branch, deleted, addenda):
    """Counts as SOURCE.md reports them, and as the file's own lines give them."""
    data = revision_bytes(name)
    parsed = korean_laws.parse(data, name)
    sections = [n for n in parsed.nodes if n.kind == "section"]
    assert len(sections) == articles == len(re.findall(rb"^##### ", data, re.M))
    assert sum("의" in n.unit_id for n in sections) == with_branch
    assert sum(n.status == "repealed" for n in sections) == deleted
    assert all(n.text == "삭제" for n in sections if n.status == "repealed")
    assert len(parsed.pending) == addenda == len(re.findall("^부칙".encode(), data, re.M))


def test_the_front_matter_gives_the_dates_and_revision():
    parsed = korean_laws.parse(revision_bytes("근로기준법/2026-03-17_284443.md"))
    assert (parsed.code, parsed.short_title, parsed.revision) == ("근로기준법", "근로기준법", "284443")
    assert (parsed.promulgated_date, parsed.pit_date) == (dt.date(2026, 3, 17), dt.date(2027, 1, 1))
    assert korean_laws.parse(revision_bytes("개인정보 보호법/2026-03-10_283839.md")).code == "개인정보보호법"


def test_amendment_notes_are_metadata_never_quotable_text():
    parsed = korean_laws.parse(revision_bytes("개인정보 보호법/2026-03-10_283839.md"))
    node = next(n for n in parsed.nodes if n.unit_id == "제15조제1항")
    assert node.lead == ("개인정보처리자는 다음 각 호의 어느 하나에 해당하는 경우에는 개인정보를 수집할 수 있으며 "
                         "그 수집 목적의 범위에서 이용할 수 있다.")
    assert node.historical_note == "<개정 2023.3.14>"
    assert not any("<개정" in n.text or "<신설" in n.text for n in parsed.nodes)


def test_a_timed_commencement_note_stays_out_of_the_paragraph_it_follows():
    """근로기준법 제55조 ② is followed by a TAB-indented [시행일] note with its own items 1-3."""
    parsed = korean_laws.parse(revision_bytes("근로기준법/2026-03-17_284443.md"))
    by_id = {n.unit_id: n for n in parsed.nodes}
    second = by_id["제55조제2항"]
    assert second.text == ("사용자는 근로자에게 대통령령으로 정하는 휴일을 유급으로 보장하여야 한다. 다만, "
                           "근로자대표와 서면으로 합의한 경우 특정한 근로일로 대체할 수 있다.")
    assert "[시행일] 제55조제2항의 개정규정은" in second.historical_note
    assert "제55조제2항제1호" not in by_id


def test_a_title_repeated_in_brackets_before_the_text_is_dropped_from_the_text():
    parsed = korean_laws.parse(revision_bytes("민법/2026-03-17_284415.md"))
    article = next(n for n in parsed.nodes if n.unit_id == "제50조")
    assert article.marginal_note == "분사무소(分事務所) 설치의 등기"
    assert article.text.startswith("법인이 분사무소를 설치한 경우에는 주사무소(主事務所)의 소재지에서 3주일 내에")


def test_divisions_give_the_path():
    parsed = korean_laws.parse(revision_bytes("민법/2026-03-17_284415.md"))
    by_id = {n.unit_id: n for n in parsed.nodes}
    assert by_id["제103조"].path == "제1편 총칙 > 제5장 법률행위 > 제1절 총칙 > 제103조"
    assert by_id["제898조"].heading_path.endswith("제3관 파양(罷養) > 제1항 협의상 파양")


@pytest.mark.parametrize("good, bad, says", [
    ("##### 제4조 (성년)", "##### 제4조 성년", "malformed article heading '##### 제4조 성년'"),
    ("##### 제5조 (미성년자의 능력)", "##### 제4조 (미성년자의 능력)", "제4조 appears twice"),
    ("시행일자: 2026-03-17", "시행일자: 2026-13-17", "month must be in 1..12"),
    ("## 제1장 통칙", "###### 제1장 통칙", "unknown heading '###### 제1장 통칙'"),
    ("  1\\. 법인의 재산상황", "   1\\. 법인의 재산상황", "an indented line that is neither an item"),
])
def test_a_malformed_file_names_the_file_and_line(good, bad, says):
    lines = revision_bytes("민법/2026-03-17_284415.md").decode().split("\n")
    line = next(i for i, text in enumerate(lines) if text.startswith(good))
    lines[line] = lines[line].replace(good, bad, 1)
    with pytest.raises(korean_laws.ParseError) as caught:
        korean_laws.parse("\n".join(lines).encode(), "bad.md")
    assert str(caught.value).startswith(f"bad.md: line {line + 1}: {says}")


# --- the importer ---------------------------------------------------------------------------------

@pytest.mark.django_db
def test_the_corpus_holds_each_law_by_its_code_and_title():
    titles = dict(Act.objects.filter(jurisdiction="kr").values_list("code", "title_ko"))
    assert titles == {"민법": "민법", "개인정보보호법": "개인정보 보호법", "근로기준법": "근로기준법"}
    assert set(ActVersion.objects.filter(act__jurisdiction="kr").values_list("lang", flat=True)) == {"kor"}


@pytest.mark.django_db
def test_an_unchanged_article_is_stored_once_across_revisions():
    rows = Provision.objects.filter(version__act__code="민법", unit_id="제103조")
    assert rows.count() == 3
    assert rows.values("text_id").distinct().count() == 1
    changed = Provision.objects.filter(version__act__code="민법", unit_id="제4조").values("text_id").distinct()
    assert changed.count() == 2


@pytest.mark.django_db
def test_addenda_are_kept_apart_from_the_articles():
    version = lookup.version_at("민법", dt.date(2026, 6, 1))
    addenda = PendingAmendment.objects.filter(version=version, schedule="부칙").order_by("position")
    assert addenda.count() == 37
    assert addenda[0].heading == "부칙 <제471호,1958.2.22>"
    assert addenda[0].text.startswith("제1조 (구법의 정의) 부칙에서 구법이라 함은")
    assert not Provision.objects.filter(version=version, text__text__startswith="제1조 (구법의 정의)").exists()


@pytest.mark.django_db
def test_reingesting_writes_nothing(tmp_path):
    for name in ("민법/2026-03-17_284415.md", "근로기준법/2026-02-19_283457.md"):
        (tmp_path / name.replace("/", "_")).write_bytes(revision_bytes(name))
    (tmp_path / "SOURCE.md").write_text("# not a law: a folder's SOURCE.md is skipped\n", encoding="utf-8")
    before = (ActVersion.objects.count(), Provision.objects.count(), ProvisionText.objects.count())
    out = io.StringIO()
    call_command("ingest_korean_laws", str(tmp_path), stdout=out, progress_every=0)
    assert out.getvalue().startswith("Unchanged: all 2 files are already held; nothing written")
    assert (ActVersion.objects.count(), Provision.objects.count(), ProvisionText.objects.count()) == before


@pytest.mark.django_db
def test_a_malformed_file_in_a_batch_leaves_the_corpus_as_it_was(tmp_path):
    (tmp_path / "a.md").write_bytes(revision_bytes("개인정보 보호법/2025-04-01_270351.md"))  # new, fine
    source = revision_bytes("근로기준법/2025-10-01_276849.md").decode()
    bad = tmp_path / "b.md"
    bad.write_text(source.replace("\n##### 제2조 (정의)", "\n##### 제2조 정의"), encoding="utf-8")
    line = source.split("\n").index("##### 제2조 (정의)") + 1
    before = (ActVersion.objects.count(), Provision.objects.count(), ProvisionText.objects.count())
    with pytest.raises(CommandError) as caught:
        call_command("ingest_korean_laws", str(tmp_path), verbosity=0)
    assert str(caught.value) == (f"{bad}: line {line}: malformed article heading '##### 제2조 정의' "
                                 "(expected '##### 제N조 (제목)')\nNothing was written: the corpus is as it was.")
    assert (ActVersion.objects.count(), Provision.objects.count(), ProvisionText.objects.count()) == before


# --- ids, as-at and links -----------------------------------------------------------------------

@pytest.mark.django_db
def test_articles_and_units_are_read_by_their_korean_ids():
    assert text("민법:제103조") == "선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다."
    assert text("개인정보보호법:제15조제1항제2호", dt.date(2026, 9, 11)) == (
        "법률에 특별한 규정이 있거나 법령상 의무를 준수하기 위하여 불가피한 경우")
    assert text("개인정보보호법:제2조제1호나목", dt.date(2026, 9, 11)).startswith(
        "해당 정보만으로는 특정 개인을 알아볼 수 없더라도 다른 정보와 쉽게 결합하여 알아볼 수 있는 정보.")
    assert text("개인정보 보호법:제15조 제1항 제2호") == text("개인정보보호법:제15조제1항제2호")
    assert text("민법:제14조의2").startswith("① 가정법원은 질병, 장애, 노령, 그 밖의 사유로")
    deleted = lookup.get_provision("민법:제436조")
    assert (deleted.text.text, deleted.status) == ("삭제", "repealed")
    with pytest.raises(lookup.UnknownProvision, match="unknown provision: 민법:제103조제2항"):
        lookup.get_provision("민법:제103조제2항")


@pytest.mark.django_db
def test_the_official_link_is_the_articles_page_at_law_go_kr():
    assert lookup.get_provision("개인정보보호법:제15조제1항제2호").official_url() == (
        "https://www.law.go.kr/법령/개인정보 보호법/제15조")
    assert lookup.get_provision("민법:제103조").official_url() == "https://www.law.go.kr/법령/민법/제103조"


@pytest.mark.django_db
def test_the_age_of_majority_is_twenty_before_2013_07_01_and_nineteen_from_it():
    assert text("민법:제4조", dt.date(2012, 6, 1)) == "만20세로 성년이 된다."
    assert text("민법:제4조", dt.date(2013, 6, 30)) == "만20세로 성년이 된다."
    assert text("민법:제4조", dt.date(2013, 7, 1)) == "사람은 19세로 성년에 이르게 된다."


@pytest.mark.django_db
def test_a_revision_promulgated_but_not_in_force_is_not_the_law_until_its_date():
    assert "월평균보수에 관한 자료" in text("근로기준법:제43조의6", dt.date(2026, 12, 1))
    assert "월 보수에 관한 자료" in text("근로기준법:제43조의6", dt.date(2027, 1, 2))
    version = lookup.version_at("근로기준법", dt.date(2026, 12, 1))
    assert (version.revision, version.pit_date) == ("283457", dt.date(2026, 8, 20))
    later = lookup.not_yet_in_force(version, dt.date(2026, 12, 1))
    assert [(v.revision, v.pit_date) for v in later] == [("284443", dt.date(2027, 1, 1))]


@pytest.mark.django_db
def test_of_revisions_in_force_from_one_day_the_latest_promulgated_is_the_law():
    """민법 2011-03-07 (MST 110914) and 2013-04-05 (MST 138748) are both in force from 2013-07-01."""
    load_korean_revisions(["민법/2011-03-07_110914.md"])
    version = lookup.version_at("민법", dt.date(2013, 7, 1))
    assert (version.revision, version.promulgated_date) == ("138748", dt.date(2013, 4, 5))
    assert Act.objects.get(code="민법").version_at(as_at=dt.date(2014, 1, 1)).revision == "138748"


@pytest.mark.django_db
def test_before_the_first_revision_held_the_version_is_not_held():
    with pytest.raises(VersionNotHeld) as caught:
        lookup.get_provision("민법:제4조", as_at=dt.date(2009, 8, 8))
    assert str(caught.value) == ("version not held: 민법 as at 2009-08-08; the earliest revision held "
                                 "is in force from 2009-08-09")


@pytest.mark.django_db
def test_the_verifier_reads_the_same_text_at_the_same_date():
    assert DbCorpus("eng", dt.date(2012, 6, 1)).get("민법:제4조").text == "만20세로 성년이 된다."
    view = DbCorpus("eng", dt.date(2027, 1, 2)).get("근로기준법:제43조의6제1항제4호")
    assert "제16조의3에 따른 월 보수에 관한 자료" in view.text
    assert view.url == "https://www.law.go.kr/법령/근로기준법/제43조의6"
    assert DbCorpus("eng", dt.date(2009, 8, 8)).get("민법:제4조") is None
    assert [u.id for u in DbCorpus().section_units("개인정보보호법:제2조")][:3] == [
        "개인정보보호법:제2조", "개인정보보호법:제2조제1호", "개인정보보호법:제2조제1호가목"]


# --- the API --------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_the_api_reads_a_korean_article_as_at_a_date(client):
    response = client.get("/api/v1/provisions/민법:제4조", {"as_at": "2012-06-01"})
    assert response.status_code == 200, response.content
    data = response.json()
    assert (data["id"], data["text"], data["act_title"]) == ("민법:제4조", "만20세로 성년이 된다.", "민법")
    assert (data["version"]["pit_date"], data["version"]["revision"]) == ("2009-08-09", "93194")
    assert data["url"] == "https://www.law.go.kr/법령/민법/제4조"
    # 138748 (in force 2013-07-01) was promulgated only on 2013-04-05: not yet promulgated then
    assert data["not_yet_in_force"] == []
    later = client.get("/api/v1/provisions/민법:제4조", {"as_at": "2013-06-01"}).json()["not_yet_in_force"]
    assert [(v["pit_date"], v["promulgated_date"], v["revision"], v["text"]) for v in later] == [
        ("2013-07-01", "2013-04-05", "138748", "사람은 19세로 성년에 이르게 된다.")]


@pytest.mark.django_db
def test_the_api_shows_a_revision_not_yet_in_force_apart(client):
    data = client.get("/api/v1/provisions/근로기준법:제43조의6제1항제4호", {"as_at": "2026-12-01"}).json()
    assert "월평균보수에 관한 자료" in data["text"]
    [later] = data["not_yet_in_force"]
    assert (later["pit_date"], later["promulgated_date"], later["revision"]) == ("2027-01-01", "2026-03-17", "284443")
    assert "월 보수에 관한 자료" in later["text"]


@pytest.mark.django_db
def test_the_api_says_version_not_held_before_the_first_revision(client):
    response = client.get("/api/v1/provisions/민법:제4조", {"as_at": "1990-01-01"})
    assert response.status_code == 404
    assert response.json()["detail"].startswith("version not held: 민법 as at 1990-01-01")


@pytest.mark.django_db
def test_the_api_lists_korean_revisions_with_their_dates(client):
    versions = client.get("/api/v1/acts/근로기준법/versions").json()
    assert [(v["revision"], v["pit_date"], v["promulgated_date"], v["in_force"]) for v in versions] == [
        ("284443", "2027-01-01", "2026-03-17", timezone.localdate() >= dt.date(2027, 1, 1)),
        ("283457", "2026-08-20", "2026-02-19", True),
    ]


# --- pages ----------------------------------------------------------------------------------------
# A Korean law's pages are in the Korean interface unless the reader chose another: these read
# them in English (tests/i18n/test_corpus_pages.py tests the Korean interface).


@pytest.fixture
def client(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en-ca"
    return client


@pytest.mark.django_db
def test_the_article_page_reads_the_text_in_force_at_the_date(client):
    page = client.get("/acts/민법/제4조/", {"as_at": "2013-06-01"})
    assert page.status_code == 200
    html = page.content.decode()
    assert '<h1 lang="ko">제4조 (성년기)</h1>' in html
    assert "만20세로 성년이 된다." in html
    assert "in force from 2009-08-09 (promulgated 2009-05-08, MST 93194)" in html
    assert 'href="https://www.law.go.kr/법령/민법/제4조"' in html
    # the revision promulgated 2013-04-05, in force from 2013-07-01, is shown apart as a change
    assert "Not yet in force: from 2013-07-01" in html
    assert ('<div class="diff" lang="ko"><del>만20세로</del><ins>사람은</ins> <del>성년이</del>'
            '<ins>19세로 성년에 이르게</ins> 된다.</div>') in html


@pytest.mark.django_db
def test_the_article_page_marks_paragraphs_items_and_sub_items_as_printed(client):
    html = client.get("/acts/개인정보보호법/제2조/").content.decode()
    assert 'id="제2조제1호나목"' in html
    assert '<span class="unit-label">나.</span> 해당 정보만으로는' in html
    html = client.get("/acts/개인정보보호법/제15조/").content.decode()
    assert '<span class="unit-label">①</span> 개인정보처리자는' in html


@pytest.mark.django_db
def test_the_article_page_shows_the_labour_act_revision_not_yet_in_force(client):
    html = client.get("/acts/근로기준법/제43조의6/", {"as_at": "2026-12-01"}).content.decode()
    assert "월평균보수에 관한 자료" in html
    assert "Not yet in force: from 2027-01-01" in html
    assert "Promulgated 2026-03-17 (MST 284443)" in html


@pytest.mark.django_db
def test_the_contents_page_lists_articles_and_addenda_apart(client):
    html = client.get("/acts/근로기준법/", {"as_at": "2026-12-01"}).content.decode()
    assert '<span class="toc__label">제43조의6</span> 체불사업주 명단공개 등을 위한 자료제공 등의 요청' in html
    assert "is not yet in force: it is in force from 2027-01-01" in html
    assert "부칙 (addenda)" in html and "<summary>부칙 &lt;제8372호,2007.4.11&gt;</summary>" in html
    assert "제6장의2 — 직장 내 괴롭힘의 금지" in html


@pytest.mark.django_db
def test_the_article_page_before_the_first_revision_says_version_not_held(client):
    page = client.get("/acts/민법/제4조/", {"as_at": "2000-01-01"})
    assert page.status_code == 404
    assert ("version not held: 민법 as at 2000-01-01; the earliest revision held is in force from "
            "2009-08-09") in page.content.decode()


@pytest.mark.django_db
def test_the_history_diff_compares_two_revisions(client):
    versions = {v.revision: v.pk for v in ActVersion.objects.filter(act__code="민법")}
    html = client.get("/acts/민법/제4조/", {"diff": f"{versions['93194']},{versions['138748']}"}).content.decode()
    assert "From 2009-08-09 to 2013-07-01" in html
    assert "<del>" in html and "<ins>" in html
