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
