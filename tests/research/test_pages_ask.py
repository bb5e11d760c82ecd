import pytest
from django.urls import reverse

from research.models import Run, RunEvent
from tests.base import PASSWORD, personas

pytestmark = pytest.mark.django_db

QUESTION = "May an organization disclose personal information without consent to comply with a subpoena?"


@pytest.fixture
def alice(client):
    alice, _, _ = personas()
    assert client.login(username="alice", password=PASSWORD)
    return alice


def test_it_requires_login(client):
    response = client.get(reverse("research:ask"))
    assert response.status_code == 302
    assert response["Location"] == "/login/?next=/ask/"


def test_it_shows_the_form_with_the_instruments_and_the_language(client, alice):
    html = client.get(reverse("research:ask")).content.decode()
    assert 'name="question"' in html
    assert 'type="date"' in html
    assert 'name="acts"' in html and "PIPEDA; Canada Labour Code" in html
    assert '<option value="auto" selected>' in html


def test_it_starts_a_run_and_opens_its_page(client, alice):
    response = client.post(reverse("research:ask"), {"question": QUESTION, "acts": ["P-8.6"]})
    run = Run.objects.get(created_by=alice)
    assert response.status_code == 302
    assert response["Location"] == f"/runs/{run.pk}/"
    assert (run.question, run.engine, run.acts, run.status) == (QUESTION, "extractive", ["P-8.6"], "queued")
    assert list(run.events.values_list("kind", flat=True)) == [RunEvent.KIND_STATUS]


def test_an_htmx_post_gets_a_client_redirect(client, alice):
    response = client.post(reverse("research:ask"), {"question": QUESTION}, HTTP_HX_REQUEST="true")
    run = Run.objects.get(created_by=alice)
    assert response["HX-Redirect"] == f"/runs/{run.pk}/"


def test_it_refuses_an_empty_question(client, alice):
    response = client.post(reverse("research:ask"), {"question": "  "})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert not Run.objects.exists()


def test_it_refuses_a_future_date(client, alice):
    response = client.post(reverse("research:ask"), {"question": QUESTION, "as_at": "2999-01-01"},
                           HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "2999-01-01 is in the future; the law as at a later date is not known" in html
    assert html.lstrip().startswith('<form method="post"')
    assert not Run.objects.exists()


def test_it_refuses_a_question_over_4000_characters(client, alice):
    response = client.post(reverse("research:ask"), {"question": "x" * 4001})
    assert "Ensure this value has at most 4000 characters (it has 4001)." in response.content.decode()
    assert not Run.objects.exists()


def test_it_escapes_a_script_in_the_question(client, alice):
    client.post(reverse("research:ask"), {"question": "<script>alert('x')</script> consent?"})
    run = Run.objects.get(created_by=alice)
    html = client.get(reverse("research:run", args=[run.pk])).content.decode()
    assert "<script>alert(" not in html
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; consent?" in html
    # The run page lists it among the user's recent runs on the ask page, escaped there too.
    assert "<script>alert(" not in client.get(reverse("research:ask")).content.decode()


@pytest.mark.usefixtures("answer_all")  # the page of an answer; when the engine answers: test_extractive_confidence
def test_the_run_page_shows_the_extractive_answer_once_the_pipeline_has_run(client, alice):
    from research import pipeline

    client.post(reverse("research:ask"), {"question": QUESTION, "acts": ["P-8.6"]})
    run = Run.objects.get(created_by=alice)
    pipeline.execute(run.pk)
    run.refresh_from_db()
    html = client.get(reverse("research:run", args=[run.pk])).content.decode()
    assert run.status == Run.STATUS_DONE
    assert run.claims.count() >= 1
    assert html.count('<article class="claim') == run.claims.count()
    assert html.count("<mark>") >= 1
    assert "hx-trigger" not in html
    assert "Finished" in html


def test_instruments_are_named_as_lawyers_name_them_and_a_name_not_held_is_refused(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("nina"))
    client.post(reverse("research:ask"), {"question": QUESTION, "acts": "PIPEDA; Canada Labour Code"})
    assert Run.objects.latest("pk").acts == ["P-8.6", "L-2"]
    response = client.post(reverse("research:ask"), {"question": QUESTION, "acts": "the Widget Act"})
    assert "No instrument in the corpus is called “the Widget Act”." in response.content.decode()


def test_a_question_in_french_is_answered_from_the_french_text_unless_told_otherwise(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("odile"))
    client.post(reverse("research:ask"), {"question": "Une organisation peut-elle communiquer des "
                                                      "renseignements personnels sans consentement?", "lang": "auto"})
    assert Run.objects.latest("pk").lang == "fra"
    client.post(reverse("research:ask"), {"question": QUESTION, "lang": "auto"})
    assert Run.objects.latest("pk").lang == "eng"
    client.post(reverse("research:ask"), {"question": QUESTION, "lang": "fra"})
    assert Run.objects.latest("pk").lang == "fra"
