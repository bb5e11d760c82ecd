from verifier.normalise import normalise_quote, normalise_with_map, original_span


def test_it_straightens_curly_quotes_and_apostrophes():
    assert normalise_quote("the individual’s “next of kin”") == "the individual's \"next of kin\""


def test_it_keeps_guillemets_and_dashes():
    assert normalise_quote("« renseignement » — non–oui") == "« renseignement » — non–oui"


def test_it_collapses_whitespace_including_nbsp_and_newlines():
    assert normalise_quote("  personal\u00a0\u00a0information\n\tabout  ") == "personal information about"


def test_it_applies_nfkc():
    assert normalise_quote("ﬁle e\u0301") == "file é"


def test_it_does_not_fold_case():
    assert normalise_quote("Personal") == "Personal"


def test_its_index_map_leads_back_to_the_stored_text():
    stored = "  An organization\u00a0 may “disclose”\n personal"
    normalised, index_map = normalise_with_map(stored)
    i = normalised.index('"disclose"')
    start, end = original_span(index_map, i, i + len('"disclose"'))
    assert stored[start:end] == "“disclose”"
    assert len(index_map) == len(normalised) + 1


def test_the_plain_text_shortcut_gives_what_the_character_walk_gives():
    from verifier.normalise import _is_plain, _normalise_plain, _normalise_walk

    texts = ["(1) Subject to section 9, an organization may", "  leading and trailing  ", "",
             "l’organisation « peut » communiquer\n\tles renseignements", "the ‘record’ and “document”",
             "개인정보 보호법 제15조", "naïve café"]
    for text in texts:
        assert _is_plain(text)
        assert _normalise_plain(text) == _normalise_walk(text)
    assert not _is_plain("cafe\u0301")  # a combining accent: the walk composes it
    assert not _is_plain("a\u00a0b")  # NFKC turns the no-break space into a space
