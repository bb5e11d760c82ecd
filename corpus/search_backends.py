"""The SQL of section search: SQLite FTS5 and PostgreSQL full-text, same contract.

Each function takes query terms (corpus.search_terms.Term, letters and digits
only, so nothing a user typed is ever FTS syntax) and a Scope: the versions
searched. The scope is applied inside the index (FTS5 `scope:` column, or the
version/lang columns next to the GIN index), so the sections of other versions
(history, the other language) are never read.

On SQLite, French documents sit in an FTS5 table of their own whose text was stemmed with
Snowball French when indexed (corpus.search_index), so a French term's forms are stemmed
the same way before they are matched; PostgreSQL's `french` configuration stems both sides.

The database only says which sections match which term; corpus/search_rank.py
scores them, the same way on both engines.
"""

import bisect
import functools
import json
import re
import threading
from dataclasses import dataclass

from django.db import connection

from corpus.search_index import french_stems, fts_table, lang_token, version_token


@dataclass(frozen=True)
class Scope:
    """The versions searched. `whole_lang`: they are every version held in `lang`;
    `whole_index`: every version held (no filter needed); `others`: the versions of
    `lang` NOT searched (a short exclusion list beats a long inclusion list inside FTS5)."""

    version_ids: tuple
    lang: str
    whole_lang: bool = False
    whole_index: bool = False
    others: tuple = ()


def _fts5_form(form):
    # A prefix query covers the exact (stemmed) word too.
    return f'"{form}"*' if len(form) >= 4 else f'"{form}"'


def fts5_group(term, lang="eng"):
    """FTS5 text `"a"* OR "b"` for one term; French forms are stemmed word by word as the index is."""
    forms = term.all_forms
    if lang == "fra":
        forms = list(dict.fromkeys(french_stems(f) for f in forms))
    return " OR ".join(_fts5_form(f) for f in forms)


def fts5_scope(scope):
    """The FTS5 filter on the `scope` column, "" when every document is wanted."""
    if scope.whole_index:
        return ""
    if scope.whole_lang:
        # The French table holds nothing else.
        return "" if scope.lang == "fra" else f"scope:{lang_token(scope.lang)}"
    if scope.others and len(scope.others) < len(scope.version_ids):
        excluded = " OR ".join(version_token(v) for v in scope.others)
        return f"(scope:{lang_token(scope.lang)} NOT scope:({excluded}))"
    return f"scope:({' OR '.join(version_token(v) for v in scope.version_ids)})"


def _pg_config(lang):
    return "french" if lang == "fra" else "english"


def _pg_form(form, weights=""):
    return f"'{form}':*{weights}" if len(form) >= 4 else f"'{form}':{weights}" if weights else f"'{form}'"


def pg_group(term, weights=""):
    """to_tsquery text `'a':* | 'b'` for one term; forms are letters and digits only."""
    return " | ".join(_pg_form(f, weights) for f in term.all_forms)


def _in(ids):
    return ",".join(["%s"] * len(ids))


def _pg_scope(scope):
    if scope.whole_index:
        return "TRUE", []
    if scope.whole_lang:
        return "d.lang = %s", [scope.lang]
    return f"d.version_id IN ({_in(scope.version_ids)})", list(scope.version_ids)


FETCH_ALL = 2000  # a term matching more sections than this offers only its marginal-note matches
TOTAL_CAP = 10_000  # counts stop here: "10,000 or more" is all a reader needs, and exact counts cost


@dataclass(frozen=True)
class Matches:
    """What the index says about a query.

    df: sections matching each term; ids: for each term, the sections matching it, or
    for a term matching more than FETCH_ALL, only those where it is in the marginal note
    (a common word in a body says little), or none when even those are too many;
    marginal: sections whose marginal note matches any term; total: sections matching any term
    (exact up to FETCH_ALL matches per term, then a lower bound).
    """

    df: list
    ids: list
    marginal: set
    total: int


def term_matches(terms, scope):
    """Matches of each term in the sections of the scope's versions (see Matches)."""
    if connection.vendor == "postgresql":
        return _pg_term_matches(terms, scope)
    where_scope = f" AND {fts5_scope(scope)}" if fts5_scope(scope) else ""
    table = fts_table(scope.lang)
    select = f"SELECT rowid FROM {table} WHERE {table} MATCH %s"
    count = (f"SELECT count(*) FROM (SELECT 1 FROM {table} WHERE {table} MATCH %s "
             f"LIMIT {TOTAL_CAP})")
    df, ids = [], []
    groups = [fts5_group(t, scope.lang) for t in terms]
    every = " OR ".join(f"({g})" for g in groups)
    with connection.cursor() as cursor:
        for group in groups:
            key = (_database(), scope, group)
            if key not in _df:
                cursor.execute(count, [f"({group}){where_scope}"])
                _remember(_df, key, cursor.fetchone()[0])
            df.append(_df[key])
            column = "" if df[-1] <= FETCH_ALL else "{marginal_note}: "
            cursor.execute(select + f" LIMIT {FETCH_ALL + 1}", [f"{column}({group}){where_scope}"])
            found = {row[0] for row in cursor.fetchall()}
            ids.append(found if len(found) <= FETCH_ALL else set())
        cursor.execute(select, [f"{{marginal_note}}: ({every}){where_scope}"])
        marginal = {row[0] for row in cursor.fetchall()}
    return Matches(df=df, ids=ids, marginal=marginal, total=_total(df, ids))


def _pg_term_matches(terms, scope):
    """The PostgreSQL twin of the FTS5 path: per-term counts and ids through the GIN index,
    marginal-note matches from MarginalIndex (the stemmed words of each note's own tsvector,
    migration 0005, read into memory)."""
    config = _pg_config(scope.lang)
    where, params = _pg_scope(scope)

    # MATERIALIZED keeps the LIMIT out of the match's plan: with one, PostgreSQL guesses a
    # sequential scan of every tsvector is cheaper than the index, and is 10x wrong.
    select = (f"WITH m AS MATERIALIZED (SELECT d.provision_id FROM corpus_sectiondoc d "
              f"WHERE d.search_vector @@ to_tsquery(%s::regconfig, %s) AND {where}) SELECT provision_id FROM m "
              f"LIMIT {FETCH_ALL + 1}")

    count = (f"SELECT count(*) FROM (SELECT 1 FROM corpus_sectiondoc d WHERE "
             f"d.search_vector @@ to_tsquery(%s::regconfig, %s) AND {where} LIMIT {TOTAL_CAP}) c")
    df, ids = [], []
    with connection.cursor() as cursor:
        notes = _marginal_index(cursor, scope.lang)
        in_notes = [notes.matching(lexemes, scope) for lexemes in _pg_query_lexemes(cursor, config, terms)]
        for term, noted in zip(terms, in_notes, strict=True):
            key = (_database(), scope, "pg", pg_group(term))
            if key not in _df:
                _remember(_df, key, _pg_document_frequency(cursor, count, [config, pg_group(term), *params]))
            df.append(_df[key])
            if df[-1] <= FETCH_ALL:
                cursor.execute(select, [config, pg_group(term), *params])
                found = {row[0] for row in cursor.fetchall()}
            else:
                found = noted
            ids.append(found if len(found) <= FETCH_ALL else set())
    return Matches(df=df, ids=ids, marginal=set().union(*in_notes), total=_total(df, ids))


def _pg_query_lexemes(cursor, config, terms):
    """For each term, [(lexeme, is a prefix)] as PostgreSQL's to_tsquery stems its forms."""
    cursor.execute("SELECT to_tsquery(%s::regconfig, g)::text FROM unnest(%s::text[]) WITH ORDINALITY AS t(g, n) "
                   "ORDER BY n", [config, [pg_group(t) for t in terms]])
    return [[(_unquote(lexeme), bool(star)) for lexeme, star in _QUERY_LEXEME.findall(row[0] or "")]
            for row in cursor.fetchall()]


_QUERY_LEXEME = re.compile(r"'((?:[^']|'')*)'(:\*)?")
_VECTOR_LEXEME = re.compile(r"'((?:[^']|'')*)'")


def _unquote(lexeme):
    return lexeme.replace("''", "'")


class MarginalIndex:
    """The stemmed words of every marginal note of one language, in memory.

    Matching marginal notes through the GIN index was most of a PostgreSQL search (a prefix
    such as 'employ':* merges the posting lists of every word it starts); the notes are short
    and few (56,314 sections for every English Act), so a sorted list of their words answers
    the same question in microseconds. Read once per process and corpus generation.
    """

    def __init__(self, rows):
        postings, self.version_of = {}, {}
        for provision_id, version_id, vector in rows:
            self.version_of[provision_id] = version_id
            for lexeme in _VECTOR_LEXEME.findall(vector or ""):
                postings.setdefault(_unquote(lexeme), set()).add(provision_id)
        self.words = sorted(postings)
        self.postings = postings

    def matching(self, lexemes, scope):
        """Sections of `scope` whose marginal note has one of `lexemes` [(lexeme, is prefix)]."""
        found = set()
        for lexeme, prefix in lexemes:
            if not prefix:
                found |= self.postings.get(lexeme, set())
                continue
            for word in self.words[bisect.bisect_left(self.words, lexeme):]:
                if not word.startswith(lexeme):
                    break
                found |= self.postings[word]
        if scope.whole_lang or scope.whole_index:
            return found
        wanted = set(scope.version_ids)
        return {pk for pk in found if self.version_of[pk] in wanted}


_marginal_indexes = {}


def _marginal_index(cursor, lang):
    """The MarginalIndex of `lang`, re-read when the versions held in it change."""
    def read():
        cursor.execute("SELECT provision_id, version_id, marginal_vector::text FROM corpus_sectiondoc "
                       "WHERE lang = %s AND marginal_note <> ''", [lang])
        return MarginalIndex(cursor.fetchall())

    return per_corpus(_marginal_indexes, lang, read)


def per_corpus(cache, lang, build):
    """What `build()` returns for `lang` (None: every language) in the current database, kept in
    `cache` (a dict) until the versions held change (an ingest): for in-memory indexes read from
    the whole corpus. The newest version's source hash is part of the test, since a rolled-back
    ingest can hand its ids to another file. Two threads may both build once; the dict keeps the last."""
    where, params = ("WHERE lang = %s", [lang]) if lang else ("", [])
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*), max(id), (SELECT source_sha256 FROM corpus_actversion {where} "
                       f"ORDER BY id DESC LIMIT 1) FROM corpus_actversion {where}", params * 2)
        generation = tuple(cursor.fetchone())
    key = (_database(), lang)
    cached = cache.get(key)
    if cached is None or cached[0] != generation:
        cached = cache[key] = (generation, build())
    return cached[1]


def _pg_document_frequency(cursor, count_sql, params):
    """Sections matching a term. Exact for rare terms; for a common one, the planner's estimate
    from the column statistics: counting thousands of rows through GIN means visiting each, and
    past FETCH_ALL the figure only sets a small IDF and the "at least" total."""
    cursor.execute("EXPLAIN (FORMAT JSON) " + count_sql.replace("SELECT count(*) FROM", "SELECT * FROM", 1),
                   params)
    plan = cursor.fetchone()[0]
    plan = json.loads(plan) if isinstance(plan, str) else plan
    estimate = int(plan[0]["Plan"]["Plan Rows"])
    if estimate > 1.5 * FETCH_ALL:  # the statistics land within about 25% (checked on 961 Acts)
        return min(estimate, TOTAL_CAP)
    cursor.execute(count_sql, params)
    return cursor.fetchone()[0]


def _total(df, ids):
    """Sections matching any term: exact while every term is rare enough to fetch; past that,
    the largest term's count, a lower bound (an exact OR count cost more than the search)."""
    if all(n <= FETCH_ALL for n in df):
        return len(set().union(*ids)) if ids else 0
    return max(df)


def document_counts(version_ids, cap):
    """(number of section documents, average body length in characters, each counted up to
    `cap`) over the versions."""
    database = _database()
    key = (database, cap, tuple(version_ids))
    if key in _totals:
        return _totals[key]
    missing = [v for v in version_ids if (database, v, cap) not in _counts]
    for i in range(0, len(missing), 500):
        chunk = missing[i:i + 500]
        with connection.cursor() as cursor:
            cursor.execute("SELECT version_id, count(*), "
                           "sum(CASE WHEN length(body) > %s THEN %s ELSE length(body) END) "
                           f"FROM corpus_sectiondoc WHERE version_id IN ({_in(chunk)}) GROUP BY version_id",
                           [cap, cap, *chunk])
            found = {row[0]: (row[1], row[2] or 0) for row in cursor.fetchall()}
        for v in chunk:
            _counts[(database, v, cap)] = found.get(v, (0, 0))
    counts = [_counts[(database, v, cap)] for v in version_ids]
    docs = sum(n for n, _ in counts)
    total = docs, (sum(chars for _, chars in counts) / docs if docs else 1.0)
    with _df_lock:
        if len(_totals) >= TOTALS_KEPT:
            _totals.pop(next(iter(_totals)))
        _totals[key] = total
    return total


# (database, scope, FTS5 expression of a term) -> sections of the scope matching it. Common
# words recur across questions; the scope names its versions, so a new version is a new key.
_df = {}
DF_CACHE = 20_000


_df_lock = threading.Lock()


def _remember(cache, key, value):
    with _df_lock:
        if len(cache) >= DF_CACHE:
            cache.pop(next(iter(cache)))  # the oldest entry: dicts keep insertion order
        cache[key] = value


# (database, version id, cap) -> (documents, characters). A version's documents never
# change once ingested (changed text makes a new version).
_counts = {}
# (database, cap, version ids) -> their sum: most searches search the same versions. Few kept:
# a key names every version searched.
_totals = {}
TOTALS_KEPT = 32


def _database():
    # Caches are keyed by database too: a test run and a dev run may share a process.
    return connection.settings_dict["NAME"]


def version_doc_ids(version_ids):
    """The provision ids of every section document of the versions given."""
    return frozenset().union(*(_version_doc_ids(_database(), v) for v in version_ids))


@functools.lru_cache(maxsize=256)
def _version_doc_ids(database, version_id):
    with connection.cursor() as cursor:
        cursor.execute("SELECT provision_id FROM corpus_sectiondoc WHERE version_id = %s", [version_id])
        return frozenset(row[0] for row in cursor.fetchall())


def section_rows(provision_ids, body_chars=None):
    """{provision_id: (version_id, marginal_note, headings, body)} for the ids given,
    each body cut to its first `body_chars` characters when given."""
    if not provision_ids:
        return {}
    ids = list(provision_ids)
    rows = {}
    with connection.cursor() as cursor:
        for i in range(0, len(ids), 500):
            chunk = ids[i:i + 500]
            body = f"substr(body, 1, {int(body_chars)})" if body_chars else "body"
            cursor.execute(f"SELECT provision_id, version_id, marginal_note, headings, {body} "
                           f"FROM corpus_sectiondoc WHERE provision_id IN ({_in(chunk)})", chunk)
            rows.update((row[0], row[1:]) for row in cursor.fetchall())
    return rows


def hit_rows(provision_ids):
    """{provision_id: (unit_id, label)} of the provisions given."""
    if not provision_ids:
        return {}
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, unit_id, label FROM corpus_provision WHERE id IN ({_in(provision_ids)})",
                       list(provision_ids))
        return {row[0]: row[1:] for row in cursor.fetchall()}


def cited_section(version_id, section_unit, unit):
    """[(provision id, unit id)] for a cited section of one version and its neighbours: the
    section itself (its unit id the one cited when the version holds it, else the section's),
    then the search documents just before and after it. [] when the version has no such section."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT p.id, p.position FROM corpus_provision p JOIN corpus_sectiondoc d "
                       "ON d.provision_id = p.id WHERE p.version_id = %s AND p.unit_id = %s",
                       [version_id, section_unit])
        row = cursor.fetchone()
        if row is None:
            return []
        pk, position = row
        cursor.execute("SELECT unit_id FROM corpus_provision WHERE version_id = %s AND unit_id = %s",
                       [version_id, unit])
        cited_unit = unit if cursor.fetchone() else section_unit
        found = [(pk, cited_unit)]
        for op, order in (("<", "DESC"), (">", "ASC")):
            cursor.execute(f"SELECT p.id, p.unit_id FROM corpus_provision p JOIN corpus_sectiondoc d "
                           f"ON d.provision_id = p.id WHERE p.version_id = %s AND p.position {op} %s "
                           f"ORDER BY p.position {order} LIMIT 1", [version_id, position])
            neighbour = cursor.fetchone()
            if neighbour:
                found.append(tuple(neighbour))
        return found
