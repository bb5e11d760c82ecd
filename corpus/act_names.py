"""Names lawyers use for Acts that the official XML does not carry: abbreviations and
informal titles. Official titles come from the XML itself (Act.title_en / title_fr).

One table for the whole project: search strips these from questions, and the verifier
resolves citations with them.
"""

INFORMAL_NAMES: dict[str, str] = {
    "PIPEDA": "P-8.6",
    "LPRPDE": "P-8.6",
    "CHRA": "H-6",
    "LCDP": "H-6",
    "CLC": "L-2",
    "Labour Code": "L-2",
    "ATIA": "A-1",
    "개인정보보호법": "개인정보 보호법",
}
