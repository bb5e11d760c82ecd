"""The semantic stage of search: each searched section's cosine with the question.

    similarity(question, statute words, {act_id: VersionInfo}, "eng", candidates)  # {provision id: cosine}

English sections are compared in all-MiniLM-L6-v2's space, French and Korean in
multilingual-e5-small's (corpus/section_vectors.py); the vectors are searched with numpy on
SQLite and pgvector on PostgreSQL (corpus/pg_vectors.py).
"""

from corpus import section_vectors

# Sections nearest in meaning read too, matching a query word or not. 0 -> 20: golden recall@5
# 0.881 either way; held-out 0.614 -> 0.657.
SEMANTIC_CANDIDATES = 20
# Share of the question's vector taken from the question followed by the statute words its own
# words stand for ("fired" -> dismissal, termination): sections are written in those words.
STATUTE_WORDS_SHARE = 0.25
# French similarity (multilingual-e5-small) is spread over the 50 closest sections (spread).
# Chosen on sealed_fr.yaml, which is a tuning set since (recall@5 / MRR: lexical 0.400 / 0.330;
# the 50th or the 200th as reference, blend weight 0.3-0.55: 0.467-0.511 / 0.347-0.376). The
# blend weight is English's (search_rank.SEMANTIC_WEIGHT, 0.55): 0.511 / 0.350.
E5_REFERENCE = 50


def similarity(query, words, versions, lang, candidates):
    """{provision id: best cosine of the question with the section's texts} for the searched
    sections closest to it and for each of `candidates` (section ids) that has a vector; {} when
    none has, or the model is not installed, or the language is not embedded.

    The question's vector is partly that of the question followed by `words`
    (STATUTE_WORDS_SHARE): the cosine is then that mix of the two texts' cosines."""
    space = section_vectors.space_for(lang)
    version_ids = [v.pk for v in versions.values()]
    if space is None or not space.available() or not section_vectors.has_vectors(version_ids, space):
        return {}
    question = space.encode_query(query)
    if space is section_vectors.ENGLISH_SPACE and words and STATUTE_WORDS_SHARE:
        expanded = space.encode_query(query + " " + " ".join(words))
        question = (1 - STATUTE_WORDS_SHARE) * question + STATUTE_WORDS_SHARE * expanded
    # The closest E5_REFERENCE (at least) are needed to spread e5's cosines.
    similarity = section_vectors.similarities(question, version_ids, space,
                                              nearest=max(SEMANTIC_CANDIDATES, E5_REFERENCE),
                                              candidates=candidates)
    if similarity and space is not section_vectors.ENGLISH_SPACE:
        similarity = spread(similarity)
    return similarity


def spread(similarity):
    """e5's cosines sit close together (0.75-0.90 for most sections and questions): scaled so
    the closest section is 1 and the E5_REFERENCE-th closest 0 (those below it 0), they weigh
    in the blend as MiniLM's wide-spread cosines do."""
    if not similarity:
        return similarity
    ordered = sorted(similarity.values(), reverse=True)
    top, reference = ordered[0], ordered[min(len(ordered), E5_REFERENCE) - 1]
    return {pk: max(0.0, (v - reference) / ((top - reference) or 1.0)) for pk, v in similarity.items()}
