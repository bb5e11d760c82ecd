"""Corpus pages through the Django test client, on the default corpus."""

import re

import pytest

from corpus import sections
from corpus.models import Act, Provision

pytestmark = pytest.mark.django_db

PIPEDA = "Personal Information Protection and Electronic Documents Act"
# Paragraph 7(1)(b.01) of PIPEDA is in the 2024-06-20 consolidation, not in the 2019-06-21 one.
ADDED_IN_2024 = "it was disclosed under paragraph (3)(d.21);"


def pipeda_version(lang="eng", pit_date=None):
    act = Act.objects.get(code="P-8.6")
    if pit_date is None:
        return act.version_at(lang)
    return act.versions.filter(lang=lang, pit_date=pit_date).order_by("-current_date").first()


def html_of(response):
    return response.content.decode()


def test_acts_list_shows_codes_titles_latest_consolidation_and_versions(client):
    response = client.get("/acts/")
    assert response.status_code == 200
    row = re.search(r"<tr>\s*<td><a href=\"/acts/P-8.6/\">P-8.6</a></td>.*?</tr>", html_of(response), re.S).group(0)
    assert PIPEDA in row
    assert "Loi sur la protection des renseignements personnels et les documents électroniques" in row
    assert "<td>2026-03-26</td>" in row
    assert "6 English · 1 French" in row
    assert html_of(response).count("<tr>") == 1 + Act.objects.count()


def test_contents_link_sections_with_their_marginal_notes(client):
    html = html_of(client.get("/acts/P-8.6/"))
    assert '<a href="/acts/P-8.6/s7/"><span class="toc__label">7</span> Collection without knowledge or consent</a>' in html
    assert 'id="h63">DIVISION 1 — Protection of Personal Information</li>' in html
    assert '<a href="/acts/P-8.6/sch1/">SCHEDULE 1</a>' in html


def test_contents_keep_amendments_not_in_force_apart_and_labelled(client):
    html = html_of(client.get("/acts/P-8.6/"))
    contents, not_in_force = html.split('id="not-in-force"', 1)
    amendment = "Subsection 11(1) of the Act is replaced by the following"
    assert amendment not in contents
    assert amendment in not_in_force
    assert "Amendments not in force" in not_in_force
    assert "are <strong>not in force</strong>" in not_in_force
    assert not_in_force.count('<details class="not-in-force__item">') == 9


def test_section_view_has_an_anchor_for_every_unit(client):
    html = html_of(client.get("/acts/P-8.6/s7/"))
    tree = sections.load_section(pipeda_version(), "s7")
    assert len(tree.nodes) == Provision.objects.filter(version=pipeda_version(), section_unit="s7").count()
    for node in tree.nodes:
        assert f'id="{node.anchor}"' in html
    assert 'id="s7-3-c"' in html and 'id="s7-1-b.01"' in html
    assert '<h1 lang="en">Section 7 — Collection without knowledge or consent</h1>' in html


def test_a_sub_unit_shows_its_whole_section_with_the_unit_marked(client):
    html = html_of(client.get("/acts/P-8.6/s7(3)(c)/"))
    assert "collection is clearly in the interests of the individual" in html  # 7(1)(a)
    assert '<div class="unit unit--paragraph unit--target" id="s7-3-c" data-scroll-target>' in html
    assert html.count("unit--target") == 1
    assert "<code>P-8.6:s7(3)(c)</code>" in html


def test_the_path_line_names_the_unit_and_links_to_justice_laws(client):
    html = html_of(client.get("/acts/P-8.6/s7(3)(c)/"))
    assert (f'<strong>Path:</strong> <span lang="en">{PIPEDA} &gt; Part 1 &gt; Division 1 &gt; section 7 &gt; '
            "subsection (3) &gt; paragraph (c)") in html
    assert 'href="https://laws-lois.justice.gc.ca/eng/acts/P-8.6/section-7.html"' in html


def test_as_at_selects_the_older_text(client):
    latest = html_of(client.get("/acts/P-8.6/s7/"))
    older = html_of(client.get("/acts/P-8.6/s7/?as_at=2020-01-01"))
    assert ADDED_IN_2024 in latest
    assert ADDED_IN_2024 not in older
    assert "consolidation 2019-06-21" in older
    assert "not the latest version" in older


def test_an_invalid_date_is_refused_with_400(client):
    response = client.get("/acts/P-8.6/s7/?as_at=2020-13-45")
    assert response.status_code == 400
    assert "as_at must be a date written YYYY-MM-DD, not &#x27;2020-13-45&#x27;" in html_of(response)


def test_a_date_before_the_first_version_is_version_not_held(client):
    response = client.get("/acts/P-8.6/s7/?as_at=2001-01-01")
    assert response.status_code == 404
    html = html_of(response)
    assert ("version not held: the earliest eng version of P-8.6 we hold is consolidated to 2019-06-21"
            in html)
    assert "Collection without knowledge or consent" not in html  # never today's text instead
    assert client.get("/acts/P-8.6/?as_at=2001-01-01").status_code == 404


def test_french_is_shown_beside_english_aligned_by_order_and_label(client):
    html = html_of(client.get("/acts/P-8.6/s7/?compare=1"))
    rows = html.split('<div class="bilingual__row')[2:]  # [0] before the table, [1] the header row
    english_units = sections.load_section(pipeda_version(), "s7").nodes
    assert len(rows) == len(english_units)  # section 7 has no continued (tail) text
    first = rows[1]  # subsection 7(1)
    assert '<span class="unit-label">(1)</span> For the purpose of clause 4.3 of Schedule 1' in first
    assert '<span class="unit-label">(1)</span> Pour l’application de l’article 4.3 de l’annexe 1 et ' \
           "malgré la note afférente" in first
    b01 = next(r for r in rows if ADDED_IN_2024 in r)
    assert "la communication est faite au titre de l’alinéa (3)d.21);" in b01
    # French paragraph 7(3)h) runs its two subparagraphs into one text: those English rows stand
    # alone and everything after them stays aligned.
    alone = [r for r in rows if "No matching French text found here." in r]
    assert [re.search(r'id="([^"]+)"', r).group(1) for r in alone] == ["s7-3-h-i", "s7-3-h-ii"]
    last = rows[-1]
    assert '<span class="unit-label">(5)</span> Despite clause 4.5 of Schedule 1' in last
    assert '<span class="unit-label">(5)</span> Malgré l’article 4.5 de l’annexe 1' in last


def test_french_alone_is_shown_with_lang_fra(client):
    html = html_of(client.get("/acts/P-8.6/s7/?lang=fra"))
    assert '<html lang="en-ca">' in html  # the page is in the interface's language; its text is French
    assert '<h1 lang="fr">Article 7 — Collecte à l’insu de l’intéressé ou sans son consentement</h1>' in html
    assert '<article class="statute" aria-label="Text of 7" lang="fr">' in html


def test_the_version_history_lists_every_english_version(client):
    html = html_of(client.get("/acts/P-8.6/s7/"))
    history = html.split('<section id="history"', 1)[1].split("</ol>", 1)[0]
    assert history.count("<li>") == 6
    assert '<strong aria-current="true">2026-03-26</strong> (shown)' in history
    assert 'href="/acts/P-8.6/s7/?as_at=2019-06-21">2019-06-21</a>' in history


def test_the_diff_between_two_versions_shows_the_insertion(client):
    old, new = pipeda_version(pit_date="2019-06-21"), pipeda_version(pit_date="2026-03-26")
    html = html_of(client.get(f"/acts/P-8.6/s7/?diff={old.pk},{new.pk}"))
    assert f"<ins> (b.01) {ADDED_IN_2024}</ins>" in html
    assert "<del>" in html  # other wording changed too; the diff shows removals as well


def test_an_htmx_diff_gets_only_the_history_fragment(client):
    old, new = pipeda_version(pit_date="2019-06-21"), pipeda_version(pit_date="2026-03-26")
    response = client.get(f"/acts/P-8.6/s7/?diff_a={old.pk}&diff_b={new.pk}", HTTP_HX_REQUEST="true")
    html = html_of(response).strip()
    assert html.startswith('<section id="history"')
    assert "<html" not in html
    assert f"<ins> (b.01) {ADDED_IN_2024}</ins>" in html


def test_a_diff_with_a_version_of_another_act_is_refused(client):
    other = Act.objects.get(code="P-21").version_at("eng")
    html = html_of(client.get(f"/acts/P-8.6/s7/?diff={other.pk},{pipeda_version().pk}"))
    assert "Both versions must be eng versions of P-8.6." in html


def test_defined_terms_link_to_their_definitions(client):
    html = html_of(client.get("/acts/P-8.6/s7/"))
    assert ('<a class="term" href="/acts/P-8.6/s2(1)/organization/#s2-1--organization" '
            'title="Defined term: organization">organization</a>') in html
    definitions = html_of(client.get("/acts/P-8.6/s2/"))
    assert "<dfn>personal information</dfn> means information about an identifiable individual" in definitions
    # Within the definitions section the link stays on the page.
    assert '<a class="term" href="#s2-1--organization"' in definitions


def test_a_heading_unit_redirects_to_the_contents(client):
    response = client.get("/acts/P-8.6/h63/")
    assert response.status_code == 302
    assert response["Location"] == "/acts/P-8.6/#h63"


def test_an_unknown_unit_is_404(client):
    assert client.get("/acts/P-8.6/s9999/").status_code == 404
    assert client.get("/acts/NOPE/").status_code == 404


def test_statute_text_is_escaped(client):
    version = pipeda_version()
    Provision.objects.filter(version=version, unit_id="s3").update(lead="Purpose <script>alert(1)</script> & more")
    html = html_of(client.get("/acts/P-8.6/s3/"))
    assert "Purpose &lt;script&gt;alert(1)&lt;/script&gt; &amp; more" in html
    assert "<script>alert" not in html


def test_side_by_side_at_a_date_with_no_french_version_shows_the_english_and_says_so(client):
    # The only French PIPEDA held is consolidated to 2026-03-26; English is held from 2019-06-21.
    html = html_of(client.get("/acts/P-8.6/s7/?compare=1&as_at=2020-01-01"))
    assert "No French version is held for this date" in html
    assert "the English text is shown alone" in html
    assert '<article class="statute"' in html
    assert '<span class="unit-label">(1)</span> For the purpose of clause 4.3 of Schedule 1' in html


def test_pages_carry_no_inline_script_or_style(client):
    response = client.get("/acts/P-8.6/s7/?compare=1")
    html = html_of(response)
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert " style=" not in html
    assert re.findall(r"<script(?![^>]*\bsrc=)", html) == []
    assert '<body hx-headers=\'{"X-CSRFToken": "' in html
    assert "Not legal advice" in html


def test_search_page_shows_results_without_javascript(client):
    response = client.get("/search/?q=collection+without+knowledge&act=P-8.6")
    html = html_of(response)
    assert response.status_code == 200
    assert '<form method="get" action="/search/" role="search"' in html
    assert '<a href="/acts/P-8.6/s7/">7 — Collection without knowledge or consent</a>' in html
    assert "<mark>" in html


def test_search_page_gives_htmx_only_the_results(client):
    response = client.get("/search/?q=collection+without+knowledge&act=P-8.6&as_at=2020-01-01",
                          HTTP_HX_REQUEST="true")
    html = html_of(response).strip()
    assert html.startswith('<div id="results" aria-live="polite">')
    assert "<form" not in html
    assert '<a href="/acts/P-8.6/s7/?as_at=2020-01-01">7 — Collection without knowledge or consent</a>' in html


def test_search_page_reports_a_date_before_the_first_version(client):
    html = html_of(client.get("/search/?q=consent&act=P-8.6&as_at=1990-01-01"))
    assert "version not held: the earliest eng version of P-8.6 we hold is consolidated to 2019-06-21" in html


def test_search_page_says_which_acts_a_date_left_out(client):
    html = html_of(client.get("/search/?q=interpretation+of+enactments&as_at=2018-01-01"))
    assert ("P-8.6 (version not held for that date: the earliest eng version held is consolidated "
            "to 2019-06-21)") in html


def test_search_page_escapes_the_query(client):
    html = html_of(client.get("/search/?q=%3Cscript%3Ealert(1)%3C/script%3E"))
    assert 'value="&lt;script&gt;alert(1)&lt;/script&gt;"' in html
    assert "<script>alert" not in html


def test_search_page_says_how_it_read_a_mistyped_word(client):
    html = html_of(client.get("/search/?q=overtme+pay"))
    assert "Read <q>overtme</q> as <strong>overtime</strong>." in html
    assert '<a href="/acts/L-2/s174/">174 — Overtime pay or time off</a>' in html


def test_search_page_pages_past_the_first_twenty(client):
    from corpus.search import search

    first = html_of(client.get("/search/?q=personal+information"))
    total = search("personal information", limit=20).total
    assert total > 40
    assert f"Sections 1–20 of {total} matching, best first." in first
    assert 'href="?q=personal+information&amp;page=2" rel="next"' in first and 'rel="prev"' not in first
    second = html_of(client.get("/search/?q=personal+information&page=2"))
    assert f"Sections 21–40 of {total} matching, best first." in second
    assert '<ol class="results" start="21">' in second
    # The second page holds the hits ranked 21 to 40, the same as the API's offset gives.
    expected = search("personal information", limit=20, offset=20).hits[0]
    assert f'<code>{expected.pinpoint}</code>' in second
    assert 'rel="prev"' in second
    assert client.get("/search/?q=personal+information&page=0").status_code == 200  # a bad page is a form error


def test_a_defined_term_opens_its_definition_in_place(client):
    html = html_of(client.get("/acts/P-8.6/s7/"))
    # The first link to "personal information" is followed by a button for its popover, once.
    button = ('<button type="button" class="term__peek" popovertarget="peek-s2_1__personal-information" '
              'aria-label="Show the definition of personal information">def.</button>')
    assert html.count(button) == 1
    popover = html[html.index('<div popover id="peek-s2_1__personal-information"'):]
    popover = popover[:popover.index("</div>")]
    assert "personal information means information about an identifiable individual" in popover
    assert 'href="/acts/P-8.6/s2(1)/personal-information/' in popover or 'href="/acts/P-8.6/s2' in popover


def test_search_takes_an_instrument_by_any_name_and_says_when_it_knows_none(client):
    html = html_of(client.get("/search/?q=collection+without+knowledge&act=PIPEDA"))
    assert "P-8.6:s" in html or "/acts/P-8.6/" in html
    html = html_of(client.get("/search/?q=consent&act=Widget+Act"))
    assert "No instrument in the corpus is called “Widget Act”." in html


def test_a_french_query_searches_the_french_text(client):
    html = html_of(client.get("/search/?q=communication+des+renseignements+personnels+sans+le+consentement"))
    assert "lang=fra" in html
