"""manage.py embed_sections [--all-versions] [--export FILE] — section vectors for semantic search.

Stores a vector (corpus/embeddings.py) for each section of the latest English version of
each Act, or of every English version with --all-versions. Vectors shipped in
corpus/data/ca/embeddings.npz are used first; only the rest are computed. Re-running it
writes nothing already held. Without the model package it stores what the file holds and says
how many sections are left without a vector: search stays lexical for those.
"""

from django.core.management.base import BaseCommand

from corpus import embeddings, section_vectors


class Command(BaseCommand):
    help = "Compute and store section vectors for semantic search (safe to re-run)."

    def add_arguments(self, parser):
        parser.add_argument("--all-versions", action="store_true", help="every version, not only the latest")
        parser.add_argument("--export", metavar="FILE", help="then write the vectors to FILE (.npz)")

    def handle(self, *args, all_versions=False, export=None, verbosity=1, **options):
        versions = section_vectors.all_version_ids() if all_versions else section_vectors.latest_version_ids()
        model = embeddings.available()

        def progress(done, total):
            if verbosity > 1:
                self.stdout.write(f"  embedded {done}/{total}")

        from_file, computed, left = section_vectors.embed_versions(versions, compute=model, progress=progress)
        self.stdout.write(f"Section vectors ({len(versions)} versions): {from_file} from "
                          f"{section_vectors.SHIPPED.name}, {computed} computed"
                          + ("" if model else f", {left} left without one (the model is not installed)")
                          + ".")
        if export:
            count = section_vectors.export_npz(export, versions)
            self.stdout.write(f"Wrote {count} vectors to {export}.")
