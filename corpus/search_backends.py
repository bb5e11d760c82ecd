"""The SQL of section search: SQLite FTS5 and PostgreSQL full-text, same contract.

Each function takes query terms (corpus.search_terms.Term, letters and digits
only, so nothing a user typed is ever FTS syntax) and a Scope: the versions
searched. The scope is applied inside the index (FTS5 `scope:` column, or the
version/lang columns next to the GIN index), so the sections of other versions
(history, the other language) are never read.

The database only says which sections match which term; corpus/search_rank.py
scores them, the same way on both engines.
"""

import functools
from dataclasses import dataclass

from django.db import connection

from corpus.search_index import FTS_TABLE, lang_token, version_token


@dataclass(frozen=True)
class Scope:
    """The versions searched. `whole_lang`: they are every version held in `lang`;
    `others`: the versions of `lang` NOT searched (a short exclusion list beats a long
    inclusion list inside FTS5)."""

    version_ids: tuple
    lang: str
    whole_lang: bool = False
    others: tuple = ()


def _fts5_form(form):
    # A prefix query covers the exact (porter-stemmed) word too.
    return f'"{form}"*' if len(form) >= 4 else f'"{form}"'


def fts5_group(term):
    return " OR ".join(_fts5_form(f) for f in term.all_forms)


def fts5_scope(scope):
    if scope.whole_lang:
        return f"scope:{lang_token(scope.lang)}"
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
    if scope.whole_lang:
        return "d.lang = %s", [scope.lang]
    return f"d.version_id IN ({_in(scope.version_ids)})", list(scope.version_ids)


def term_matches(terms, scope):
    """([set of provision ids matching each term], set of ids whose marginal note matches a term).

    Only sections of the scope's versions are returned.
    """
    if connection.vendor == "postgresql":
        return _pg_term_matches(terms, scope)
    where_scope = fts5_scope(scope)
    sql = f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s"
    matches = []
    with connection.cursor() as cursor:
        for term in terms:
            cursor.execute(sql, [f"({fts5_group(term)}) AND {where_scope}"])
            matches.append({row[0] for row in cursor.fetchall()})
        every = " OR ".join(f"({fts5_group(t)})" for t in terms)
        cursor.execute(sql, [f"{{marginal_note}}: ({every}) AND {where_scope}"])
        marginal = {row[0] for row in cursor.fetchall()}
    return matches, marginal


def _pg_term_matches(terms, scope):
    config = _pg_config(scope.lang)
    where, params = _pg_scope(scope)
    flags = ", ".join("d.search_vector @@ to_tsquery(%s::regconfig, %s)" for _ in terms)
    flag_params = [p for t in terms for p in (config, pg_group(t))]
    every = " | ".join(f"({pg_group(t)})" for t in terms)
    marginal = " | ".join(f"({pg_group(t, 'A')})" for t in terms)
    sql = (f"SELECT d.provision_id, d.search_vector @@ to_tsquery(%s::regconfig, %s), {flags} "
           f"FROM corpus_sectiondoc d WHERE d.search_vector @@ to_tsquery(%s::regconfig, %s) AND {where}")
    with connection.cursor() as cursor:
        cursor.execute(sql, [config, marginal, *flag_params, config, every, *params])
        rows = cursor.fetchall()
    matches = [{row[0] for row in rows if row[i + 2]} for i in range(len(terms))]
    return matches, {row[0] for row in rows if row[1]}


def document_counts(version_ids, cap):
    """(number of section documents, average body length in characters, each counted up to
    `cap`) over the versions."""
    counts = [_version_counts(_database(), v, cap) for v in version_ids]
    docs = sum(n for n, _ in counts)
    return docs, (sum(chars for _, chars in counts) / docs if docs else 1.0)


def _database():
    # Caches are keyed by database too: a test run and a dev run may share a process.
    return connection.settings_dict["NAME"]


@functools.lru_cache(maxsize=4096)
def _version_counts(database, version_id, cap):
    # A version's documents never change once ingested (changed text makes a new version).
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*), coalesce(sum(CASE WHEN length(body) > %s THEN %s ELSE length(body) END), 0) "
                       "FROM corpus_sectiondoc WHERE version_id = %s", [cap, cap, version_id])
        docs, chars = cursor.fetchone()
    return docs, chars


def version_doc_ids(version_ids):
    """The provision ids of every section document of the versions given."""
    return frozenset().union(*(_version_doc_ids(_database(), v) for v in version_ids))


@functools.lru_cache(maxsize=256)
def _version_doc_ids(database, version_id):
    with connection.cursor() as cursor:
        cursor.execute("SELECT provision_id FROM corpus_sectiondoc WHERE version_id = %s", [version_id])
        return frozenset(row[0] for row in cursor.fetchall())


def section_rows(provision_ids):
    """{provision_id: (version_id, marginal_note, headings, body)} for the ids given."""
    if not provision_ids:
        return {}
    ids = list(provision_ids)
    rows = {}
    with connection.cursor() as cursor:
        for i in range(0, len(ids), 500):
            chunk = ids[i:i + 500]
            cursor.execute("SELECT provision_id, version_id, marginal_note, headings, body FROM corpus_sectiondoc "
                           f"WHERE provision_id IN ({_in(chunk)})", chunk)
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
