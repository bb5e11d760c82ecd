"""Section vectors computed by the task worker after an ingest (`manage.py run_worker`).

    queue_embedding()    # after versions were added: the worker embeds what lacks a vector

embed_sections_step embeds for about STEP_SECONDS, version by version (the searched versions of
each space: corpus/section_vectors.py), then queues itself again while any version is left. Its
priority is below a research run's, so a run waits for at most one step. PostgreSQL search reads
each vector as soon as it is indexed, SQLite search each version once it is whole; the rest is
matched by its words meanwhile. embedding_progress() says how far the worker has got, for the
search page.
"""

import logging
import time

from django.conf import settings
from django.db import transaction
from django.tasks import task

from corpus import section_vectors
from corpus.models import EmbeddedVersion

logger = logging.getLogger("verbatim.corpus")

# A step embeds for about this long, so a research run waits at most that for a worker; texts
# are encoded CHUNK_TEXTS at a time (about 2 s of MiniLM here, at 29 texts a second; e5 takes 8
# times as long).
STEP_SECONDS = 20
CHUNK_TEXTS = 64
PRIORITY = -50  # research runs are queued at 0


def pending_versions(space):
    """The ids of the space's searched versions not yet recorded as embedded, oldest first."""
    versions = section_vectors.searched_version_ids(space)
    done = set(EmbeddedVersion.objects.filter(version_id__in=versions).values_list("version_id", flat=True))
    return sorted(v for v in versions if v not in done)


@task(priority=PRIORITY)
def embed_sections_step():
    """Embed the pending versions' texts for about STEP_SECONDS, CHUNK_TEXTS at a time; queue the
    next step while any is left that a model can compute. Returns what it did, for the task result."""
    deadline = time.monotonic() + STEP_SECONDS
    computed = taken = 0
    more = False
    for space in section_vectors.SPACES:
        compute = space.available()
        for version_id in pending_versions(space):
            left = 1
            while left and not more:
                from_file, done, left = section_vectors.embed_versions(
                    [version_id], compute=compute, space=space, limit=CHUNK_TEXTS)
                computed, taken = computed + done, taken + from_file
                left = left if compute else 0  # without the model, only the shipped file helps
                more = bool(left) and time.monotonic() > deadline
            if more:
                break
        if more:
            break
    if more:
        transaction.on_commit(embed_sections_step.enqueue)
    logger.info("section vectors: %d computed, %d from shipped files%s", computed, taken,
                "; more to do" if more else "")
    return {"computed": computed, "from_file": taken, "more": more}


def queue_embedding():
    """Queue an embedding step once the current transaction commits, unless one is waiting or
    settings.VERBATIM_EMBED_AFTER_INGEST is off."""
    from django_tasks_db.models import DBTaskResult

    if not settings.VERBATIM_EMBED_AFTER_INGEST:
        return

    def enqueue():
        waiting = DBTaskResult.objects.filter(task_path=embed_sections_step.module_path, status="READY")
        if not waiting.exists():
            embed_sections_step.enqueue()

    transaction.on_commit(enqueue)


def embedding_progress(lang):
    """(versions embedded, versions searched) in `lang`'s space; None when it has no space."""
    space = section_vectors.space_for(lang)
    if space is None:
        return None
    versions = section_vectors.searched_version_ids(space)
    done = EmbeddedVersion.objects.filter(version_id__in=versions).count()
    return done, len(versions)
