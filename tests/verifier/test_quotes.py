import re

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from verifier.normalise import normalise_quote
from verifier.quotes import check_quote, has_inner_ellipsis, sha256_text

from .fixtures import PROVISIONS, text_of

SUBPOENA = "P-8.6:s7(3)(c)"


def test_it_matches_a_verbatim_quote_and_gives_its_span():
    text = text_of(SUBPOENA)
    quote = "required to comply with a subpoena or warrant issued"
    result = check_quote(quote, text)
    assert result.status == "match"
    assert text[result.span[0]:result.span[1]] == quote


def test_it_matches_despite_curly_quotes_and_extra_whitespace():
    text = text_of("P-8.6:s7(3)(d.3)")
    result = check_quote("the individual's  next of\nkin", text)
    assert result.status == "match"
    assert text[result.span[0]:result.span[1]] == "the individual’s next of kin"


def test_it_blocks_an_altered_quote_with_the_first_difference():
    result = check_quote("required to comply with a summons or warrant issued", text_of(SUBPOENA))
    assert result.status == "mismatch"
    assert result.difference.offset == 26
    assert (result.difference.expected, result.difference.found) == ("subpoena", "summons")
    assert result.closest_passage == "required to comply with a subpoena or warrant issued"


def test_it_reports_a_dropped_word():
    result = check_quote("required to comply with a subpoena warrant issued", text_of(SUBPOENA))
    assert result.status == "mismatch"
    assert result.difference.expected == "or warrant"
    assert result.difference.found == "warrant"


def test_a_change_of_case_is_a_mismatch():
    result = check_quote("Required to comply with a subpoena", text_of(SUBPOENA))
    assert result.status == "mismatch"
    assert (result.difference.expected, result.difference.found) == ("required", "Required")


def test_a_quote_starting_inside_a_word_is_not_verbatim():
    assert check_quote("quired to comply with a subpoena", text_of(SUBPOENA)).status == "mismatch"


def test_it_says_not_found_when_nothing_is_similar():
    assert check_quote("the employer shall pay overtime wages", text_of(SUBPOENA)).status == "not_found"
    assert check_quote("", text_of(SUBPOENA)).status == "not_found"


def test_it_matches_the_fragments_around_an_ellipsis_in_order():
    result = check_quote("required to comply … by a court", text_of(SUBPOENA))
    assert result.status == "match"
    assert len(result.fragment_spans) == 2


def test_it_flags_an_ellipsis_inside_a_sentence():
    assert has_inner_ellipsis("an organization may ... disclose personal information")
    assert has_inner_ellipsis("an organization may […] disclose")
    assert has_inner_ellipsis("an organization may … disclose")


def test_it_allows_an_ellipsis_at_either_end_or_between_sentences():
    assert not has_inner_ellipsis("... required to comply with a subpoena")
    assert not has_inner_ellipsis("required to comply with a subpoena …")
    assert not has_inner_ellipsis("required by law. [...] Despite clause 4.5 of Schedule 1")


def test_sha256_is_of_the_stored_utf8_text():
    assert sha256_text("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


# --- properties --------------------------------------------------------------------------------

LONG_TEXTS = [p.text for p in PROVISIONS if len(p.text.split()) >= 12 and p.act != "민법"]


@st.composite
def word_slices(draw):
    text = draw(st.sampled_from(LONG_TEXTS))
    words = text.split(" ")
    start = draw(st.integers(0, len(words) - 4))
    length = draw(st.integers(3, min(40, len(words) - start)))
    return text, words[start:start + length]


@settings(max_examples=150, deadline=None)
@given(word_slices())
def test_any_verbatim_slice_at_word_boundaries_verifies(sliced):
    text, words = sliced
    assert check_quote(" ".join(words), text).status == "match"


@settings(max_examples=150, deadline=None)
@given(word_slices(), st.data())
def test_any_one_word_change_does_not_verify(sliced, data):
    text, words = sliced
    i = data.draw(st.integers(0, len(words) - 1))
    replacement = data.draw(st.sampled_from(["zebra", "", "shall", "not", words[i].upper()]))
    changed = words[:i] + ([replacement] if replacement else []) + words[i + 1:]
    quote = " ".join(changed)
    # A change can, by chance, produce words that are verbatim elsewhere in the text.
    assume(quote.strip() and not re.search(
        r"(?<!\w)" + re.escape(normalise_quote(quote)) + r"(?!\w)", normalise_quote(text)
    ))
    assert check_quote(quote, text).status != "match"
