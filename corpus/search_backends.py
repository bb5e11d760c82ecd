"""The SQL of section search: SQLite FTS5 and PostgreSQL full-text, same contract.

Each function takes query terms (corpus.search_terms.Term, letters and digits
only, so nothing a user typed is ever FTS syntax) and the ids of the versions
searched. Scores are "higher is better" on both engines.
"""

from django.db import connection

from corpus.search_index import FTS_TABLE

MARK_START, MARK_END = "\ue000", "\ue001"  # private-use characters, never in statute text

# Field weights: marginal note above headings above body.
W_MARGINAL, W_HEADINGS, W_BODY = 4.0, 2.0, 1.0


def _fts5_form(form):
    # The exact (porter-stemmed) word, or any word starting with it.
    return f'"{form}" OR "{form}"*' if len(form) >= 4 else f'"{form}"'


def fts5_expression(terms):
    """`("a" OR "a"* OR "b") OR (...)`: one group per term, any term may match."""
    return " OR ".join(f"({' OR '.join(_fts5_form(f) for f in t.all_forms)})" for t in terms)


def _pg_config(lang):
    return "french" if lang == "fra" else "english"


def _pg_form(form):
    return f"'{form}':*" if len(form) >= 4 else f"'{form}'"


def pg_expression(terms):
    """to_tsquery text `('a':* | 'b') | (...)`; forms are letters and digits only."""
    return " | ".join(f"({' | '.join(_pg_form(f) for f in t.all_forms)})" for t in terms)


def _in(ids):
    return ",".join(["%s"] * len(ids))


def candidates(terms, version_ids, lang, limit):
    """[(provision_id, score)] best first, at most `limit`, and the number of matches."""
    if connection.vendor == "postgresql":
        query = "to_tsquery(%s::regconfig, %s)"
        params = [_pg_config(lang), pg_expression(terms)]
        where = f"d.search_vector @@ {query} AND d.version_id IN ({_in(version_ids)})"
        rank_sql = (f"SELECT d.provision_id, ts_rank_cd('{{0, {W_BODY / 4}, {W_HEADINGS / 4}, "
                    f"{W_MARGINAL / 4}}}', d.search_vector, {query}, 1) AS score "
                    f"FROM corpus_sectiondoc d WHERE {where} ORDER BY score DESC, d.provision_id "
                    "LIMIT %s")
        rank_params = params + params + list(version_ids) + [limit]
        count_sql = f"SELECT count(*) FROM corpus_sectiondoc d WHERE {where}"
        count_params = params + list(version_ids)
    else:
        where = (f"{FTS_TABLE} MATCH %s AND d.version_id IN ({_in(version_ids)})")
        params = [fts5_expression(terms), *version_ids]
        rank_sql = (f"SELECT d.provision_id, -bm25({FTS_TABLE}, %s, %s, %s) AS score "
                    f"FROM {FTS_TABLE} JOIN corpus_sectiondoc d ON d.provision_id = {FTS_TABLE}.rowid "
                    f"WHERE {where} ORDER BY score DESC, d.provision_id LIMIT %s")
        rank_params = [W_HEADINGS, W_MARGINAL, W_BODY, *params, limit]
        count_sql = (f"SELECT count(*) FROM {FTS_TABLE} JOIN corpus_sectiondoc d "
                     f"ON d.provision_id = {FTS_TABLE}.rowid WHERE {where}")
        count_params = params
    with connection.cursor() as cursor:
        cursor.execute(rank_sql, rank_params)
        ranked = [(pk, float(score)) for pk, score in cursor.fetchall()]
        cursor.execute(count_sql, count_params)
        total = cursor.fetchone()[0]
    return ranked, total


def snippets(terms, provision_ids, lang):
    """{provision_id: body excerpt with MARK_START/MARK_END around matched words}."""
    if not provision_ids:
        return {}
    if connection.vendor == "postgresql":
        sql = (f"SELECT d.provision_id, ts_headline(%s::regconfig, d.body, to_tsquery(%s::regconfig, %s), "
               f"'StartSel={MARK_START}, StopSel={MARK_END}, MaxWords=40, MinWords=20, "
               f"MaxFragments=2, FragmentDelimiter=\" … \"') "
               f"FROM corpus_sectiondoc d WHERE d.provision_id IN ({_in(provision_ids)})")
        config = _pg_config(lang)
        params = [config, config, pg_expression(terms), *provision_ids]
    else:
        sql = (f"SELECT rowid, snippet({FTS_TABLE}, 2, '{MARK_START}', '{MARK_END}', ' … ', 40) "
               f"FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s AND rowid IN ({_in(provision_ids)})")
        params = [fts5_expression(terms), *provision_ids]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return dict(cursor.fetchall())
