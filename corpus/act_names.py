"""Conventional names of instruments that nothing in their own data yields.

Titles, chapter citations and abbreviations of titles ("PIPEDA", "LPRPDE", "CBCA") are derived
from the corpus (corpus/instrument_names.py); only a name lawyers use that no title produces
belongs here, with its reason. One table for the whole project: search strips these from
questions, and the verifier resolves citations with them.
"""

INFORMAL_NAMES: dict[str, str] = {
    # The Canada Labour Code's title without "Canada", as the Code itself is commonly called.
    "Labour Code": "L-2",
}

# Korean laws' usual short names, which no rule derives from the title (other titles do not
# shorten the same way): short name -> official title.
KOREAN_SHORT_NAMES: dict[str, str] = {
    # 근로 + 기준 + 법, in judgments and commentary.
    "근기법": "근로기준법",
    # 개인정보 + 보호 + 법, in practice notes and the regulator's own materials.
    "개보법": "개인정보 보호법",
    # The short name commentary and the press use for the Act.
    "개인정보법": "개인정보 보호법",
}
