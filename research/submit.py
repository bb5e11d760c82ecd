"""Start a research run: validate the question, pick the engine, guard spend, enqueue.

The API, the pages and tests all start runs through `create_run`, so the same rules hold
everywhere: a question of at most VERBATIM_MAX_QUESTION_CHARS, known Act codes, an as-at date
we hold, and a daily spend cap for engines that call a paid model.
"""

import datetime
import os
from decimal import Decimal
from functools import partial

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.utils import timezone

from corpus.models import Act, VersionNotHeld
from corpus.text_input import has_visible_text, invalid_text
from research.models import ModelCall, Run, RunEvent

MODEL_ENGINES = {"anthropic"}
LANGS = {"eng", "fra"}
MAX_IDEMPOTENCY_KEY = 200


class InvalidRun(ValueError):
    """The request cannot become a run. `errors` maps a field to what is wrong with it;
    `status` is the HTTP status an API should answer with (422, or 413 for a huge question)."""

    def __init__(self, errors, status=422):
        self.errors = errors
        self.status = status
        super().__init__("; ".join(f"{field}: {message}" for field, message in errors.items()))


class SpendLimit(Exception):
    """Today's spend or run count for model-backed engines is used up (HTTP 429)."""


class IdempotencyConflict(Exception):
    """The Idempotency-Key was already used for a different question (HTTP 409)."""


def default_engine():
    """"anthropic" when an API key is configured, else the model-free "extractive" engine."""
    return "anthropic" if os.environ.get("ANTHROPIC_API_KEY") else "extractive"


def create_run(user, question, *, as_at=None, acts=None, engine=None, lang="eng", script=None,
               idempotency_key=""):
    """Store a queued run and enqueue it once the transaction commits; returns (run, created).

    The same user sending the same `idempotency_key` gets the run made the first time
    (created False). Refuses with InvalidRun (bad question, unknown Act, date in the future or
    before the versions held, unknown engine), SpendLimit (daily caps, model engines only) or
    IdempotencyConflict (key reused for another question).
    """
    question = _clean_question(question)
    idempotency_key = (idempotency_key or "").strip()
    if len(idempotency_key) > MAX_IDEMPOTENCY_KEY:
        raise InvalidRun({"idempotency_key": f"at most {MAX_IDEMPOTENCY_KEY} characters"})
    if idempotency_key and user is not None:
        existing = _existing(user, idempotency_key, question)
        if existing is not None:
            return existing, False

    if lang not in LANGS:
        raise InvalidRun({"lang": "must be 'eng' or 'fra'"})
    acts = _clean_acts(acts)
    as_at = _clean_as_at(as_at, acts, lang)
    engine = engine or default_engine()
    model = _clean_engine(engine, script)
    if engine in MODEL_ENGINES:
        check_spend(user)

    try:
        with transaction.atomic():
            run = Run.objects.create(
                question=question, as_at=as_at, acts=acts, lang=lang, engine=engine, model=model,
                script=script if engine == "scripted" else None, created_by=user,
                idempotency_key=idempotency_key,
            )
            run.add_event(RunEvent.KIND_STATUS, {"status": Run.STATUS_QUEUED, "engine": engine})
            transaction.on_commit(partial(_enqueue, run.pk))
    except IntegrityError:
        # Two requests with one key raced; the other one stored its run first.
        existing = _existing(user, idempotency_key, question) if idempotency_key else None
        if existing is None:
            raise
        return existing, False
    return run, True


def check_spend(user):
    """Refuse a model-backed run when today's USD cap (every model call made today, by runs
    done, failed or still running) or the user's daily run cap is reached."""
    since = _start_of_today()
    # Summed over model calls, not runs: a running run has not totalled its usage yet, and a
    # failed run's calls cost money too.
    spent = ModelCall.objects.filter(created_at__gte=since).aggregate(total=Sum("usd"))["total"] or Decimal(0)
    cap = Decimal(str(settings.VERBATIM_DAILY_USD_CAP))
    if spent >= cap:
        raise SpendLimit(
            f"daily spend cap reached: ${spent:.2f} of ${cap:.2f} used today; "
            "try again tomorrow or use the extractive engine (no model, not capped)"
        )
    if user is None:
        return
    runs_today = Run.objects.filter(created_by=user, created_at__gte=since, engine__in=MODEL_ENGINES).count()
    if runs_today >= settings.VERBATIM_DAILY_RUNS_PER_USER:
        raise SpendLimit(
            f"daily run limit reached: {runs_today} model-backed runs today "
            f"(limit {settings.VERBATIM_DAILY_RUNS_PER_USER}); try again tomorrow "
            "or use the extractive engine (no model, not capped)"
        )


def _enqueue(run_id):
    from research.tasks import execute_run  # the task module imports the engines; load it late

    execute_run.enqueue(run_id=run_id)


def _existing(user, key, question):
    run = Run.objects.filter(created_by=user, idempotency_key=key).first()
    if run is not None and run.question != question:
        raise IdempotencyConflict(
            f"Idempotency-Key {key!r} was already used for run {run.pk} with a different question; "
            "use a new key for a new question"
        )
    return run


def _clean_question(question):
    limit = settings.VERBATIM_MAX_QUESTION_CHARS
    if not isinstance(question, str) or not question.strip():
        raise InvalidRun({"question": "ask a question (it is empty)"})
    problem = invalid_text(question)
    if problem:
        raise InvalidRun({"question": f"invalid text: {problem}"})
    if not has_visible_text(question):
        raise InvalidRun({"question": "ask a question (it holds only invisible characters)"})
    question = question.strip()
    if len(question) > limit:
        # Far over the limit reads as an upload, not a question: 413, as for a huge body.
        status = 413 if len(question) > 10 * limit else 422
        raise InvalidRun({"question": f"too long: {len(question)} characters; at most {limit}"}, status=status)
    return question


def _clean_acts(acts):
    codes = [c.strip() for c in (acts or []) if isinstance(c, str) and c.strip()]
    codes = list(dict.fromkeys(codes))
    if not codes:
        return []
    known = set(Act.objects.filter(code__in=codes).values_list("code", flat=True))
    unknown = [c for c in codes if c not in known]
    if unknown:
        held = ", ".join(Act.objects.values_list("code", flat=True))
        raise InvalidRun({"acts": f"unknown Act code(s): {', '.join(unknown)}; the corpus holds {held}"})
    return codes


def _clean_as_at(as_at, acts, lang):
    if as_at in (None, ""):
        return None
    if isinstance(as_at, str):
        try:
            as_at = datetime.date.fromisoformat(as_at)
        except ValueError:
            raise InvalidRun({"as_at": f"{as_at!r} is not a date; use YYYY-MM-DD"}) from None
    if isinstance(as_at, datetime.datetime):
        as_at = as_at.date()
    if as_at > timezone.localdate():
        raise InvalidRun({"as_at": f"{as_at.isoformat()} is in the future; the law as at a later date is not known"})
    scope = Act.objects.filter(code__in=acts) if acts else Act.objects.all()
    problems = []
    for act in scope:
        try:
            act.version_at(lang, as_at)
        except VersionNotHeld as exc:
            problems.append(str(exc))
    # Explicit Acts must each be held at that date; with all Acts in scope, one is enough.
    if problems and (acts or len(problems) == scope.count()):
        raise InvalidRun({"as_at": "; ".join(problems)})
    return as_at


def _clean_engine(engine, script):
    """The model name the run will use ('' for model-free engines)."""
    choices = {value for value, _ in Run.ENGINE_CHOICES}
    if engine not in choices:
        raise InvalidRun({"engine": f"unknown engine {engine!r}; choose one of {', '.join(sorted(choices))}"})
    if engine == "scripted" and not script:
        raise InvalidRun({"engine": "the scripted engine needs a transcript (script)"})
    if engine != "anthropic":
        return ""
    if not os.environ.get("ANTHROPIC_API_KEY"):
        raise InvalidRun({"engine": "the anthropic engine needs ANTHROPIC_API_KEY set on the server"})
    model = settings.VERBATIM_MODEL
    if model not in settings.VERBATIM_PRICES:
        raise InvalidRun({"engine": f"model {model!r} has no price in VERBATIM_PRICES; refusing to start"})
    return model


def _start_of_today():
    today = timezone.localdate()
    return timezone.make_aware(datetime.datetime.combine(today, datetime.time.min))
