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
