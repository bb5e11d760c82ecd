"""Start a research run: validate the question, pick the engine, guard spend, enqueue.

The API, the pages and tests all start runs through `create_run`, so the same rules hold
everywhere: a question of at most VERBATIM_MAX_QUESTION_CHARS, known Act codes, an as-at date
we hold, a cap on each user's runs in flight, and daily spend and run caps for engines that
call a paid model. A user's caps are counted and the run created under a lock on the user's row,
so concurrent requests cannot overshoot them.
"""

import datetime
import os
from decimal import Decimal
from functools import partial

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext_noop

from corpus.messages import Message, joined
from corpus.models import Act, VersionNotHeld
from corpus.text_input import has_visible_text, invalid_text
from research.models import ModelCall, Run, RunEvent

MODEL_ENGINES = {"anthropic"}
LANGS = {"eng", "fra"}
MAX_IDEMPOTENCY_KEY = 200


class InvalidRun(ValueError):
    """The request cannot become a run. `errors` maps a field to what is wrong with it, in
    English (Messages a page shows `translated`); `status` is the HTTP status an API should
    answer with (422, or 413 for a huge question)."""

    def __init__(self, errors, status=422):
        self.errors = errors
        self.status = status
        super().__init__("; ".join(f"{field}: {message}" for field, message in errors.items()))


class SpendLimit(Exception):
    """A cap is reached: runs in flight, or today's spend or runs for model engines (HTTP 429).
    Its message is a Message, English as it is."""


class IdempotencyConflict(Exception):
    """The Idempotency-Key was already used for a different request (HTTP 409)."""


def default_engine():
    """"anthropic" when an API key is configured, else the model-free "extractive" engine."""
    return "anthropic" if os.environ.get("ANTHROPIC_API_KEY") else "extractive"


def create_run(user, question, *, as_at=None, acts=None, engine=None, lang="eng", script=None,
               idempotency_key=""):
    """Store a queued run and enqueue it once the transaction commits; returns (run, created).

    The same user sending the same `idempotency_key` with the same request (question, as-at,
    Acts, language, engine) gets the run made the first time (created False). Refuses with
    InvalidRun (bad question, unknown Act, date in the future or before the versions held,
    unknown engine), SpendLimit (runs in flight; daily caps for model engines) or
    IdempotencyConflict (key reused for another request).
    """
    question = _clean_question(question)
    idempotency_key = (idempotency_key or "").strip()
    if len(idempotency_key) > MAX_IDEMPOTENCY_KEY:
        raise InvalidRun({"idempotency_key": f"at most {MAX_IDEMPOTENCY_KEY} characters"})
    if lang not in LANGS:
        raise InvalidRun({"lang": "must be 'eng' or 'fra'"})
    acts = _clean_acts(acts)
    as_at = _clean_as_at(as_at, acts, lang)
    engine = engine or default_engine()
    request = {"question": question, "as_at": as_at, "acts": acts, "lang": lang, "engine": engine}
    if idempotency_key and user is not None:
        existing = _existing(user, idempotency_key, request)
        if existing is not None:
            return existing, False
    model = _clean_engine(engine, script)
    if engine in MODEL_ENGINES:
        check_spend(None)  # the site-wide USD cap; the user's caps are counted under their lock

    try:
        with transaction.atomic():
            if user is not None:
                _check_user_caps(user, engine)
            run = Run.objects.create(
                question=question, as_at=as_at, acts=acts, lang=lang, engine=engine, model=model,
                script=script if engine == "scripted" else None, created_by=user,
                idempotency_key=idempotency_key,
            )
            run.add_event(RunEvent.KIND_STATUS, {"status": Run.STATUS_QUEUED, "engine": engine})
            transaction.on_commit(partial(_enqueue, run.pk))
    except IntegrityError:
        # Two requests with one key raced; the other one stored its run first.
        existing = _existing(user, idempotency_key, request) if idempotency_key else None
        if existing is None:
            raise
        return existing, False
    return run, True


def check_spend(user):
    """Refuse a model-backed run when today's USD cap (every model call made today, by runs
    done, failed or still running) or the user's daily run cap is reached. (create_run counts
    the user's cap under the user's lock, _check_user_caps.)"""
    since = _start_of_today()
    # Summed over model calls, not runs: a running run has not totalled its usage yet, and a
    # failed run's calls cost money too.
    spent = ModelCall.objects.filter(created_at__gte=since).aggregate(total=Sum("usd"))["total"] or Decimal(0)
    cap = Decimal(str(settings.VERBATIM_DAILY_USD_CAP))
    if spent >= cap:
        raise SpendLimit(Message(
            gettext_noop("daily spend cap reached: $%(spent)s of $%(cap)s used today; try again tomorrow or use "
                         "the extractive engine (no model, not capped)"),
            spent=f"{spent:.2f}", cap=f"{cap:.2f}"))
    if user is None:
        return
    runs_today = Run.objects.filter(created_by=user, created_at__gte=since, engine__in=MODEL_ENGINES).count()
    if runs_today >= settings.VERBATIM_DAILY_RUNS_PER_USER:
        raise SpendLimit(Message(
            gettext_noop("daily run limit reached: %(runs)s model-backed runs today (limit %(limit)s); try again "
                         "tomorrow or use the extractive engine (no model, not capped)"),
            runs=runs_today, limit=settings.VERBATIM_DAILY_RUNS_PER_USER))


def _check_user_caps(user, engine):
    """Inside the creating transaction: lock the user's row, then count. Concurrent submissions
    of one user wait here in turn, so each counts the runs the others committed. (SQLite: the
    IMMEDIATE transaction already holds the database's write lock.)"""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    limit = settings.VERBATIM_MAX_ACTIVE_RUNS_PER_USER
    active = Run.objects.filter(created_by=user, status__in=[Run.STATUS_QUEUED, Run.STATUS_RUNNING]).count()
    if limit and active >= limit:
        raise SpendLimit(Message(gettext_noop("run limit reached: %(active)s of your runs are queued or running "
                                              "(limit %(limit)s); wait for one to finish"),
                                 active=active, limit=limit))
    if engine in MODEL_ENGINES:
        check_spend(user)


def _enqueue(run_id):
    from research.tasks import execute_run  # the task module imports the engines; load it late

    execute_run.enqueue(run_id=run_id)


def _existing(user, key, request):
    """The run this user made with `key`, if any; IdempotencyConflict when it was made from a
    different request (Acts compared as a set: their order asks nothing different)."""
    run = Run.objects.filter(created_by=user, idempotency_key=key).first()
    if run is None:
        return None
    stored = {"question": run.question, "as_at": run.as_at, "acts": run.acts, "lang": run.lang,
              "engine": run.engine}
    differs = [field for field in request
               if (sorted(stored[field]) != sorted(request[field]) if field == "acts"
                   else stored[field] != request[field])]
    if differs:
        raise IdempotencyConflict(
            f"Idempotency-Key {key!r} was already used for run {run.pk} with a different request "
            f"({', '.join(differs)} differ); use a new key for a new request"
        )
    return run


def _clean_question(question):
    limit = settings.VERBATIM_MAX_QUESTION_CHARS
    if not isinstance(question, str) or not question.strip():
        raise InvalidRun({"question": Message(gettext_noop("ask a question (it is empty)"))})
    problem = invalid_text(question)
    if problem:
        raise InvalidRun({"question": Message(gettext_noop("invalid text: %(problem)s"), problem=problem)})
    if not has_visible_text(question):
        raise InvalidRun({"question": Message(gettext_noop("ask a question (it holds only invisible characters)"))})
    question = question.strip()
    if len(question) > limit:
        # Far over the limit reads as an upload, not a question: 413, as for a huge body.
        status = 413 if len(question) > 10 * limit else 422
        raise InvalidRun({"question": Message(gettext_noop("too long: %(length)s characters; at most %(limit)s"),
                                              length=len(question), limit=limit)}, status=status)
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
        raise InvalidRun({"acts": Message(gettext_noop("unknown Act code(s): %(codes)s; the corpus holds %(held)s"),
                                          codes=", ".join(unknown), held=held)})
    return codes


def _clean_as_at(as_at, acts, lang):
    if as_at in (None, ""):
        return None
    if isinstance(as_at, str):
        try:
            as_at = datetime.date.fromisoformat(as_at)
        except ValueError:
            raise InvalidRun({"as_at": Message(gettext_noop("%(date)s is not a date; use YYYY-MM-DD"),
                                               date=repr(as_at))}) from None
    if isinstance(as_at, datetime.datetime):
        as_at = as_at.date()
    if as_at > timezone.localdate():
        raise InvalidRun({"as_at": Message(gettext_noop("%(date)s is in the future; the law as at a later date is "
                                                        "not known"), date=as_at.isoformat())})
    scope = Act.objects.filter(code__in=acts) if acts else Act.objects.all()
    problems = []
    for act in scope:
        try:
            act.version_at(lang, as_at)
        except VersionNotHeld as exc:
            problems.append(exc.args[0])
    # Explicit Acts must each be held at that date; with all Acts in scope, one is enough.
    if problems and (acts or len(problems) == scope.count()):
        raise InvalidRun({"as_at": joined(problems)})
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
        raise InvalidRun({"engine": Message(gettext_noop("the anthropic engine needs ANTHROPIC_API_KEY set on the "
                                                         "server"))})
    model = settings.VERBATIM_MODEL
    if model not in settings.VERBATIM_PRICES:
        raise InvalidRun({"engine": Message(gettext_noop("model %(model)s has no price in VERBATIM_PRICES; refusing "
                                                         "to start"), model=repr(model))})
    return model


def _start_of_today():
    today = timezone.localdate()
    return timezone.make_aware(datetime.datetime.combine(today, datetime.time.min))
