"""항, 호 and 목 out of real article text (verifier/korean_text.py), as the statute files write it
and as it reads run together on one line."""

import re

from tests.verifier.korean_fixtures import KR
from verifier.korean_text import extract_hang, extract_ho, extract_mok


def article(title, jo, following):
    source = (KR / title / "법률.md").read_text(encoding="utf-8")
    start = source.index(f"##### {jo} ")
    return source[start:source.index(f"##### {following} ", start)].split("\n", 1)[1]


PIPA_15 = article("개인정보 보호법", "제15조", "제16조")
PIPA_2 = article("개인정보 보호법", "제2조", "제3조")


def test_it_extracts_a_paragraph_and_its_item():
    hang = extract_hang(PIPA_15, 1)
    assert hang.startswith("개인정보처리자는 다음 각 호의 어느 하나에 해당하는 경우에는")
    assert extract_ho(hang, 2) == "법률에 특별한 규정이 있거나 법령상 의무를 준수하기 위하여 불가피한 경우"
    assert extract_ho(hang, "7") == "공중위생 등 공공의 안전과 안녕을 위하여 긴급히 필요한 경우"


def test_a_missing_paragraph_or_item_is_none():
    assert extract_hang(PIPA_15, 4) is None
    assert extract_ho(extract_hang(PIPA_15, 1), 8) is None
    assert extract_hang(article("민법", "제103조", "제104조"), 1) is None


def test_it_extracts_branch_items_and_sub_items():
    assert extract_ho(PIPA_2, "1의2").startswith('"가명처리"란 개인정보의 일부를 삭제하거나')
    assert extract_mok(extract_ho(PIPA_2, 1), "나").startswith("해당 정보만으로는 특정 개인을 알아볼 수 없더라도")
    assert extract_mok(extract_ho(PIPA_2, 1), "라") is None


def test_it_reads_text_run_together_on_one_line():
    flat = re.sub(r"\s+", " ", PIPA_15.replace("\\.", ".").replace("**", ""))
    assert extract_ho(extract_hang(flat, 1), 2) == "법률에 특별한 규정이 있거나 법령상 의무를 준수하기 위하여 불가피한 경우"
