"""The rationales of Korean verdicts.

The protocol's fixed strings (../shared/specs/korean-law-citation-auditor.txt) are reproduced
exactly, since clients compare them; the others are our own wording for what the protocol leaves
open (목, deletion, a quote, a restatement).
"""

import re

# --- the protocol's fixed strings --------------------------------------------------------------
LOCAL_ONLY = "로컬 전용 모드에서는 외부 원문을 조회하지 않았습니다."
UNPARSED = "한국 법률 인용 구조를 충분히 식별하지 못했습니다."
LAW_UNIDENTIFIED = "법령을 식별하지 못했습니다."
RETRIEVAL_FAILED = "원문 조회 실패"
HANG_MISSING = "조문은 확인되지만, 해당 항은 존재하지 않습니다."
HO_MISSING = "조문은 확인되지만, 해당 호는 존재하지 않습니다."
CASE_NOT_FOUND = "해당 사건번호를 확인할 수 없습니다."


def article_missing(law: str, jo: str) -> str:
    return f"{law}에 {jo}는 존재하지 않습니다."


def case_confirmed(title: str) -> str:
    return f'사건번호가 확인되었습니다. (판례 요지: "{title}")'


def case_topic_differs(title: str) -> str:
    return f'사건번호는 확인되지만, 판례의 실제 쟁점이 주장과 다릅니다. (판례 요지: "{title}")'


def case_topic_unclear(title: str) -> str:
    return f'사건번호는 확인됩니다. 판례의 정확한 판시 내용은 원문 확인을 권장합니다. (판례 요지: "{title}")'


# --- our own ---------------------------------------------------------------------------------
MOK_MISSING = "조문은 확인되지만, 해당 목은 존재하지 않습니다."


def precedent_not_held(case_number: str) -> str:
    return f"사건번호 {case_number}의 판례는 보관된 판례 자료에 없어 확인하지 못했습니다."


def deleted(cited: str, text: str) -> str:
    return f"{topic(cited)} 삭제되어 효력이 없습니다(원문: “{text}”)."


def verified(cited: str, quoted: bool) -> str:
    quote = " 인용문도 원문과 일치합니다." if quoted else ""
    return f"{topic(cited)} 시행 중이며, 주장의 문언과 숫자가 모두 원문에 있습니다.{quote}"


def beyond_text(cited: str, words: list[str]) -> str:
    listed = ", ".join(f"“{w}”" for w in words[:6])
    return f"{topic(cited)} 확인되지만, 주장에 원문에 없는 말({listed})이 있어 원문만으로는 판단할 수 없습니다."


def nothing_to_compare(cited: str) -> str:
    return f"{topic(cited)} 확인되지만, 주장이 조문의 내용을 말하지 않아 비교할 것이 없습니다."


def number_differs(cited: str, claimed: str, stated: str) -> str:
    return f"{topic(cited)} 주장과 다른 수를 정합니다. 원문은 “{stated}”, 주장은 “{claimed}”입니다."


def modality_differs(cited: str, claimed: str, stated: str) -> str:
    stated, claimed = MODALITY_WORDS[stated], MODALITY_WORDS[claimed]
    return (f"{topic(cited)} {stated}{'을' if _final(stated) else '를'} 정하는데, "
            f"주장은 {claimed}{'이라고' if _final(claimed) else '라고'} 합니다.")


def modality_unclear(cited: str, claimed: str) -> str:
    claimed = MODALITY_WORDS[claimed]
    return (f"주장은 {claimed}{'이라고' if _final(claimed) else '라고'} 하지만 {cited}의 해당 문장은 그렇게 말하지 않아, "
            "원문만으로는 판단할 수 없습니다.")


def clauses_joined(cited: str, words: list[str]) -> str:
    listed = ", ".join(f"“{w}”" for w in words[:4])
    return f"주장은 {cited}의 여러 문장에 있는 말({listed})을 하나로 묶고 있어 원문만으로는 판단할 수 없습니다."


def role_swapped(cited: str, noun: str, role: str) -> str:
    said = "행위의 주체로" if role == "subject" else "행위의 상대방으로"
    return (f"주장은 “{noun}”{'을' if _final(noun) else '를'} {said} 말하지만 {topic(cited)} 그렇게 정하지 않아, "
            "원문만으로는 판단할 수 없습니다.")


def condition_dropped(cited: str, word: str) -> str:
    return f"주장은 “{word}”라고 하지만 {topic(cited)} 조건을 붙이고 있어 원문만으로는 판단할 수 없습니다."


def word_differs(cited: str, stated: str, claimed: str) -> str:
    return f"{topic(cited)} 그 자리에 “{stated}”{'을' if _final(stated) else '를'} 씁니다. 주장은 “{claimed}”입니다."


def figure_elsewhere(cited: str, figure: str) -> str:
    return (f"주장의 “{figure}”{'은' if _final(figure) else '는'} {cited}에서 다른 말에 붙어 있어 "
            "원문만으로는 판단할 수 없습니다.")


def exception_denied(cited: str, word: str) -> str:
    return f"주장은 “{word}”라고 하지만 {topic(cited)} 예외나 한정을 두고 있습니다."


def narrowed(cited: str, word: str) -> str:
    return f"주장은 “{word}”로 범위를 좁히지만 {cited}에는 그런 한정이 없어 원문만으로는 판단할 수 없습니다."


def quote_too_short(quote: str, cited: str) -> str:
    return f"따옴표 안의 {topic(f"“{quote}”")} {cited}에 없습니다. 인용문이 아니라 주장 자신의 말일 수 있습니다."


def quote_differs(cited: str, expected: str, found: str, passage: str) -> str:
    return (f"인용문이 {cited}의 원문과 다릅니다. 원문은 “{expected}”, 인용문은 “{found}”입니다. "
            f"원문: “{passage}”")


def quote_elsewhere(cited: str, where: str) -> str:
    return f"인용문은 {cited}에 없고 {where}에 있습니다."


def words_elsewhere(cited: str, where: str) -> str:
    return f"주장의 내용은 {cited}에 없고 {where}에 있습니다."


def quote_nowhere(quote: str, cited: str, law: str) -> str:
    return f"인용문 {topic(f"“{quote}”")} {cited}에도, {law}의 다른 조문에도 없습니다."


MODALITY_WORDS = {"prohibition": "금지", "obligation": "의무", "permission": "허용", "nullity": "무효"}


def topic(word: str) -> str:
    """`word` with the topic particle it takes: 은 after a final consonant, 는 otherwise
    ("제15조는", "제1항은"); a word ending in a digit is read as its Korean number."""
    return word + ("은" if _final(word) else "는")


def _final(word: str) -> bool:
    """Does `word` end in a final consonant (받침)? A digit is read as its Korean number."""
    last = re.sub(r"\W+$", "", word)[-1:]  # “...” ends in its last word
    if last.isdigit():
        return last in "013678"
    code = ord(last) - 0xAC00 if last else -1
    return 0 <= code < 11172 and code % 28 != 0
