"""Corpus pages: home, acts list, table of contents, section view, search.

Every page reads `as_at` (YYYY-MM-DD) and `lang` (eng|fra) from the query string. A date that is
not a date is refused with 400; a date before the first version we hold is a 404 that says so,
never today's text.
"""

import datetime
from functools import wraps
from urllib.parse import quote, urlencode

from django.conf import settings
from django.core.handlers.exception import response_for_exception
from django.core.paginator import Paginator
from django.db.models import Count, Max, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _

from corpus import alignment, sections, terms
from corpus.diffs import word_diff
from corpus.forms import SearchForm
from corpus.messages import translated
from corpus.models import KOREA, Act, Provision, VersionNotHeld
from corpus.search import search as run_search
from corpus.tasks import embedding_progress


class BadRequest(Exception):
    """A query parameter we cannot read; the message is shown to the reader."""


# The language of statute text as HTML's lang attribute gives it, by the text's `lang`.
HTML_LANG = {"eng": "en", "fra": "fr", "kor": "ko"}
KOREAN_INTERFACE = "ko"
# A section page's heading names the unit in the statute's own language, as its text does
# ("Section 7", "Article 7"), whatever the interface language: (section, schedule) by `lang`.
UNIT_WORDS = {"eng": ("Section", "Schedule"), "fra": ("Article", "Annexe")}


def korean_interface(view):
    """A view of one instrument (`code`) whose pages are in the Korean interface when it is a
    Korean law, unless the reader chose an interface language (the cookie set_language writes):
    their choice wins. Other instruments keep the language LocaleMiddleware picked."""

    @wraps(view)
    def wrapped(request, code, *args, **kwargs):
        chose = settings.LANGUAGE_COOKIE_NAME in request.COOKIES
        if chose or not Act.objects.filter(code=code, jurisdiction=KOREA).exists():
            return view(request, code, *args, **kwargs)
        # override, not activate: the language reverts when the page is rendered, so nothing
        # after this request (another request's code in this thread, a test) runs in Korean.
        with translation.override(KOREAN_INTERFACE):
            request.LANGUAGE_CODE = KOREAN_INTERFACE
            try:
                response = view(request, code, *args, **kwargs)
            except Http404 as exc:
                # Rendered here, not after the view returns: the law's 404 is in its language too.
                response = response_for_exception(request, exc)
        response.headers["Content-Language"] = KOREAN_INTERFACE
        patch_vary_headers(response, ("Cookie",))
        return response

    return wrapped


def home(request):
    return render(request, "corpus/home.html", {"act_count": Act.objects.count()})


def act_list(request):
    return render(request, "corpus/act_list.html", {"acts": _instruments(Act.KIND_ACT)})


REGULATIONS_PER_PAGE = 200  # the statute book holds about 4,900: one page of them all is 2 MB


def regulation_list(request):
    """The regulations held, with the Acts they are made under, a page at a time; `q` keeps
    those whose title or instrument number contains it."""
    regulations = _instruments(Act.KIND_REGULATION).prefetch_related("enabling_acts")
    wanted = (request.GET.get("q") or "").strip()[:200]
    if wanted:
        regulations = regulations.filter(Q(title_en__icontains=wanted) | Q(title_fr__icontains=wanted)
                                         | Q(instrument_number_en__icontains=wanted)
                                         | Q(instrument_number_fr__icontains=wanted) | Q(code__icontains=wanted))
    page = Paginator(regulations, REGULATIONS_PER_PAGE).get_page(request.GET.get("page"))
    query = urlencode({"q": wanted}) if wanted else ""
    return render(request, "corpus/regulation_list.html", {"page": page, "q": wanted, "query": query})


def _instruments(kind):
    return Act.objects.filter(kind=kind).annotate(
        latest_pit=Max("versions__pit_date", filter=Q(versions__lang="eng")),
        english_versions=Count("versions", filter=Q(versions__lang="eng")),
        french_versions=Count("versions", filter=Q(versions__lang="fra")),
    ).order_by("code")


@korean_interface
def act_detail(request, code):
    """Table of contents of the as-at version; amendments not in force listed apart."""
    act = get_object_or_404(Act, code=code)
    try:
        lang, as_at = _lang(request), _as_at(request)
        version = act.version_at(lang, as_at)
    except BadRequest as error:
        return _problem(request, _("That date cannot be read"), str(error), 400)
    except VersionNotHeld as exc:
        return _problem(request, _("Version not held"), translated(exc), 404, act=act)
    entries = list(Provision.objects.filter(version=version, parent__isnull=True).order_by("position").only(
        "kind", "unit_id", "label", "level", "marginal_note", "lead", "status"))
    # One reverse() for the whole table: a long Act has a thousand entries.
    section_url = reverse("corpus:section", args=[act.code, "UNIT"]).replace("UNIT/", "")
    suffix = f"?{_query(lang, as_at)}" if _query(lang, as_at) else ""
    for entry in entries:
        entry.anchor = sections.anchor_for(entry.unit_id)
        entry.href = f"{section_url}{quote(entry.unit_id, safe='/().')}/{suffix}"
    pending = list(version.pending_amendments.all())
    return render(request, "corpus/act_detail.html", {
        "act": act, "version": version, "lang": lang, "as_at": as_at, "entries": entries,
        "text_lang": HTML_LANG[act.text_lang(lang)], "ui_lang": translation.get_language(),
        "not_in_force": [p for p in pending if p.schedule == "NifProvs"],
        "related": [p for p in pending if p.schedule != "NifProvs"],
        "not_yet_in_force": act.not_yet_in_force(lang, as_at),
        "query": _query(lang, as_at),
        "is_latest": version.is_latest(),
        "regulations": list(act.regulations()) if not act.is_regulation else [],
        "official_page": act.official_page(lang),
        "enabling": _enabling_acts(act),
    })


@korean_interface
def section(request, code, unit):
    """One section (or schedule) with `unit` highlighted, its history and a diff between versions.

    `compare=1` shows English and French side by side, aligned by document order and label.
    htmx requests get only the history fragment.
    """
    act = get_object_or_404(Act, code=code)
    try:
        lang, as_at = _lang(request), _as_at(request)
        version = act.version_at(lang, as_at)
        diff_ids = _diff_ids(request)
    except BadRequest as error:
        return _problem(request, _("That request cannot be read"), str(error), 400)
    except VersionNotHeld as exc:
        return _problem(request, _("Version not held"), translated(exc), 404, act=act)
    try:
        tree = sections.load_section(version, unit)
    except sections.UnitNotFound as error:
        heading = version.provisions.filter(unit_id=unit, kind=Provision.KIND_HEADING).first()
        if heading is not None:
            query = _query(lang, as_at)
            return redirect(f"{act.get_absolute_url()}{'?' + query if query else ''}#{sections.anchor_for(unit)}")
        raise Http404(str(error)) from error
    query = _query(lang, as_at)
    _render_text(tree, act, query)
    versions = list(act.versions.filter(lang=act.text_lang(lang))
                    .order_by("pit_date", "promulgated_date", "current_date", "pk"))
    context = {
        "act": act, "version": version, "lang": lang, "as_at": as_at, "tree": tree, "query": query,
        "text_lang": HTML_LANG[act.text_lang(lang)], "ui_lang": translation.get_language(),
        "unit_words": UNIT_WORDS.get(act.text_lang(lang), UNIT_WORDS["eng"]),
        "compare": request.GET.get("compare") == "1" and lang == "eng" and not act.is_korean,
        "versions": versions, "is_latest": version.is_latest(),
        "not_yet_in_force": _not_yet_in_force(act, lang, as_at, tree),
        "diff": _diff(act, lang, tree, versions, diff_ids, version),
        "neighbours": _neighbours(version, tree),
    }
    if context["compare"]:
        context.update(_side_by_side(act, tree, as_at))
    template = "corpus/section.html#history" if request.htmx else "corpus/section.html"
    return render(request, template, context)


RESULTS_PER_PAGE = 20


def search(request):
    """Search form with live results; htmx requests get only the results fragment."""
    form = SearchForm(request.GET or None)
    hits, error, total, corrections, left_out, pages, embedded = None, "", 0, [], [], {}, None
    if form.is_valid() and form.cleaned_data["q"].strip():
        data = form.cleaned_data
        lang = data["lang"] or "eng"
        offset = ((data["page"] or 1) - 1) * RESULTS_PER_PAGE
        try:
            results = run_search(data["q"], acts=[data["act"]] if data["act"] else None,
                                 lang=lang, as_at=data["as_at"], limit=RESULTS_PER_PAGE, offset=offset)
        except VersionNotHeld as exc:
            error = translated(exc)
        else:
            suffix = _query(lang, data["as_at"])
            korean = set(Act.objects.filter(code__in={h.act_code for h in results.hits}, jurisdiction=KOREA)
                         .values_list("code", flat=True))
            hits = [{"hit": hit, "url": _hit_url(hit, suffix), "lang": "ko" if hit.act_code in korean
                     else HTML_LANG[lang]} for hit in results.hits]
            total, corrections = results.total, results.corrections
            left_out = [(code, translated(reason)) for code, reason in results.left_out]
            pages = _pages(request, data["page"] or 1, offset, len(hits), total)
            embedded = embedding_progress(lang)
    context = {"form": form, "results": hits, "hits": hits or [], "error": error, "total": total,
               "corrections": corrections, "left_out": left_out, **pages,
               # (instruments with vectors, instruments searched) while the worker is embedding
               "embedding": embedded if embedded and embedded[0] < embedded[1] else None}
    template = "corpus/search.html#results" if request.htmx else "corpus/search.html"
    return render(request, template, context)


# --- helpers -------------------------------------------------------------------------------


def _pages(request, page, offset, shown, total):
    """first/last rank shown and the query strings of the previous and next result pages."""
    def link(number):
        query = request.GET.copy()
        query["page"] = number
        return query.urlencode()
    return {"first_rank": offset + 1 if shown else 0, "last_rank": offset + shown,
            "previous_page": link(page - 1) if page > 1 else "",
            "next_page": link(page + 1) if offset + shown < total else ""}


def _lang(request):
    lang = request.GET.get("lang") or "eng"
    if lang not in {"eng", "fra"}:
        raise BadRequest(_("lang must be eng or fra, not %(lang)r") % {"lang": lang})
    return lang


def _as_at(request):
    raw = (request.GET.get("as_at") or "").strip()
    if not raw:
        return None
    try:
        return datetime.date.fromisoformat(raw)
    except ValueError:
        raise BadRequest(_("as_at must be a date written YYYY-MM-DD, not %(date)r") % {"date": raw}) from None


def _diff_ids(request):
    """Two version ids from `diff=a,b` or the `diff_a`/`diff_b` selects; None when not asked."""
    raw = request.GET.get("diff") or ""
    parts = raw.split(",") if raw else [request.GET.get("diff_a", ""), request.GET.get("diff_b", "")]
    if not any(parts):
        return None
    try:
        a, b = (int(p) for p in parts)
    except ValueError:
        raise BadRequest(_("diff needs two version ids, e.g. diff=76,1")) from None
    return a, b


def _query(lang, as_at):
    params = {}
    if lang != "eng":
        params["lang"] = lang
    if as_at:
        params["as_at"] = as_at.isoformat()
    return urlencode(params)


def _hit_url(hit, query):
    unit = hit.pinpoint.split(":", 1)[1]
    url = reverse("corpus:section", args=[hit.act_code, unit])
    return f"{url}?{query}" if query else url


def _problem(request, title, message, status, act=None):
    return render(request, "corpus/problem.html", {"title": title, "message": message, "act": act},
                  status=status)


def _render_text(tree, act, query, version=None):
    """Set each node's lead_html / tail_html: escaped text with defined terms linked."""
    version = version or tree.version
    suffix = f"?{query}" if query else ""

    def href_for(definition):
        anchor = sections.anchor_for(definition.unit_id)
        if definition.unit_id in tree.unit_ids:
            return f"#{anchor}"
        return f"{reverse('corpus:section', args=[act.code, definition.unit_id])}{suffix}#{anchor}"

    peeks = {}
    for node in tree.nodes:
        p = node.provision
        node.lead_html = terms.link_terms(p.lead, version.pk, p.heading_path, href_for, p.defined_term, peeks)
        node.tail_html = terms.link_terms(p.tail, version.pk, p.heading_path, href_for, peeks=peeks)
    tree.peeks = _peeks(version, peeks, href_for)


def _peeks(version, definitions, href_for):
    """[{id, term, text, href}] for the popovers of the definitions a section's text links to."""
    texts = dict(Provision.objects.filter(version=version, unit_id__in=list(definitions))
                 .values_list("unit_id", "text__text"))
    return [{"id": terms.peek_id(d), "term": d.term, "text": texts.get(unit_id, ""), "href": href_for(d)}
            for unit_id, d in definitions.items()]


def _diff(act, lang, tree, versions, diff_ids, shown):
    """The word diff of this section between two versions, or None when none was asked for."""
    by_pk = {v.pk: v for v in versions}
    older = versions[versions.index(shown) - 1] if shown in versions and versions.index(shown) > 0 else shown
    if diff_ids is None:
        return {"a": older.pk, "b": shown.pk, "html": None}
    a, b = (by_pk.get(pk) for pk in diff_ids)
    if a is None or b is None:
        return {"a": older.pk, "b": shown.pk, "html": None,
                "error": _("Both versions must be %(lang)s versions of %(code)s.") % {"lang": lang, "code": act.code}}
    root = tree.root.provision
    texts = {}
    for v in (a, b):
        found = Provision.objects.filter(version=v, unit_id=root.unit_id, parent__isnull=True).select_related(
            "text").order_by("position").first()
        texts[v.pk] = found.text.text if found else ""
    html, changed = word_diff(texts[a.pk], texts[b.pk])
    return {"a": a.pk, "b": b.pk, "from": a, "to": b, "html": html, "changed": changed,
            "missing": [v for v in (a, b) if not texts[v.pk]]}


def _enabling_acts(regulation):
    """(code, the Act when held) for each Act a regulation is made under."""
    if not regulation.is_regulation:
        return []
    codes = list(regulation.enabling_acts.values_list("act_code", flat=True))
    held = {a.code: a for a in Act.objects.filter(code__in=codes)}
    return [(code, held.get(code)) for code in codes]


def _not_yet_in_force(act, lang, as_at, tree):
    """Later revisions promulgated but not in force at the date, with this article as each reads it."""
    unit = tree.root.provision.unit_id
    out = []
    for later in act.not_yet_in_force(lang, as_at):
        found = (Provision.objects.filter(version=later, unit_id=unit).select_related("text")
                 .order_by("position").first())
        text = found.text.text if found else ""
        html, changed = word_diff(tree.root.provision.text.text, text) if found else ("", False)
        out.append({"version": later, "text": text, "diff_html": html, "changed": changed})
    return out


def _neighbours(version, tree):
    """The sections just before and after this one, for previous / next links."""
    root = tree.root.provision
    around = Provision.objects.filter(version=version, parent__isnull=True,
                                      kind__in=[Provision.KIND_SECTION, Provision.KIND_SCHEDULE])
    before = around.filter(position__lt=root.position).order_by("-position").first()
    after = around.filter(position__gt=root.position).order_by("position").first()
    return {"previous": before, "next": after}


def _side_by_side(act, tree, as_at):
    """Rows pairing each English piece of the section with the French piece at the same place."""
    try:
        french = act.version_at("fra", as_at)
    except VersionNotHeld as exc:
        # The English text is still shown (the template falls back to it when there are no rows).
        return {"french_note": _("No French version is held for this date (%(reason)s); the English text is shown "
                                 "alone.") % {"reason": translated(exc)}, "rows": []}
    english_top, french_top = sections.top_level(tree.version), sections.top_level(french)
    match = next((p.french for p in alignment.align(english_top, french_top)
                  if p.english.pk == tree.root.provision.pk), None)
    if match is None:
        return {"french_note": _("This section has no French counterpart in the version held."), "rows": []}
    french_tree = sections.section_around(french, match)
    _render_text(french_tree, act, _query("fra", as_at), version=french)
    rows = alignment.side_by_side(tree, french_tree)
    return {"french_version": french, "french_tree": french_tree, "rows": rows, "french_note": ""}
