"""항, 호 and 목 out of a Korean article's text: the protocol's extract-hang and extract-ho.

Pure. Reads the text as the statute files write it (`**①** ...`, `  2\\. ...`, `    나\\. ...`)
and as it reads once stored (`① ...`, `2. ...`, `나. ...`), on separate lines or run together.
Each returns the unit's text without its number, or None when the unit is not there.
"""

import re

_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
_HANG_MARK = re.compile(rf"(?:\*\*)?([{_CIRCLED}])(?:\*\*)?\s?")
# An item's number starts a line or follows a space, and is followed by a period (escaped in
# the Markdown) and a space: "  2\\. 법률에 ...", "... 있다. 1. 정보주체의 ...".
_ITEM_MARK = re.compile(r"(?:^|(?<=\s))(\d+(?:의\d+)?)\\?\.\s", re.M)
_SUBITEM_MARK = re.compile(r"(?:^|(?<=\s))([가-하])\\?\.\s", re.M)


def extract_hang(article: str, number: int) -> str | None:
    """The text of 항 `number` (1 for ①), its items included; None when the article has no
    such 항 (an article of one unnumbered paragraph has none)."""
    marks = [m for m in _HANG_MARK.finditer(article)]
    wanted = _CIRCLED[number - 1] if 0 < number <= len(_CIRCLED) else None
    for i, mark in enumerate(marks):
        if mark.group(1) == wanted:
            end = marks[i + 1].start() if i + 1 < len(marks) else len(article)
            return _clean(article[mark.end():end])
    return None


def extract_ho(text: str, number: str | int) -> str | None:
    """The text of 호 `number` ("2", "1의2") of a 항's or an article's text, its 목 included."""
    return _numbered(text, _ITEM_MARK, str(number), _item_order)


def extract_mok(text: str, letter: str) -> str | None:
    """The text of 목 `letter` ("나") of a 호's text."""
    return _numbered(text, _SUBITEM_MARK, letter, _letter_order)


def _numbered(text: str, pattern: re.Pattern, label: str, order) -> str | None:
    """Items are numbered in order (1, 2, 2의2, 3 ...): a mark counts only when its label comes
    after the last one taken, so "30일. 이 경우" or a date is never read as an item."""
    marks, last = [], None
    for mark in pattern.finditer(text):
        key = order(mark.group(1))
        if key is not None and (last is None or key > last):
            marks.append(mark)
            last = key
    for i, mark in enumerate(marks):
        if mark.group(1) == label:
            end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
            body = text[mark.end():end]
            return _clean(body)
    return None


def _item_order(label: str):
    number, _, branch = label.partition("의")
    return (int(number), int(branch or 0))


def _letter_order(letter: str):
    # 가 나 다 라 마 바 사 아 자 차 카 타 파 하: each is the next initial consonant with ㅏ.
    syllable = ord(letter) - 0xAC00
    return syllable // 588 if 0 <= syllable < 11172 and syllable % 588 == 0 else None


def _clean(text: str) -> str:
    return " ".join(text.replace("\\.", ".").replace("**", "").split())
