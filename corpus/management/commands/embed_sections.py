"""manage.py embed_sections [--all-versions] [--export FILE] — section vectors for semantic search.

Stores a vector for each section of the latest version of each Act in each embedded language
(of every version with --all-versions, and always for the Korean laws), per model (corpus/section_vectors.py SPACES): English
sections with all-MiniLM-L6-v2, Korean articles with multilingual-e5-small. Vectors shipped in
corpus/data/ca/embeddings.npz and corpus/data/kr/e5_vectors.npz are used first; only the rest
are computed. Re-running it writes nothing already held. Without a model's package it stores
what the file holds and says how many sections are left without a vector: search stays lexical
for those.
"""

from django.core.management.base import BaseCommand

from corpus import section_vectors


class Command(BaseCommand):
    help = "Compute and store section vectors for semantic search (safe to re-run)."

    def add_arguments(self, parser):
        parser.add_argument("--all-versions", action="store_true", help="every version, not only the latest")
        parser.add_argument("--export", metavar="FILE",
                            help="then write the vectors to FILE (.npz): the English ones, or with --space that model's")
        parser.add_argument("--space", choices=[s.name for s in section_vectors.SPACES],
                            help="only this model's vectors")

    def handle(self, *args, all_versions=False, export=None, space=None, verbosity=1, **options):
        spaces = [s for s in section_vectors.SPACES if space in (None, s.name)]
        for one in spaces:
            versions = (section_vectors.all_version_ids(one) if all_versions
                        else section_vectors.searched_version_ids(one))
            if not versions:
                continue
            model = one.available()

            def progress(done, total):
                if verbosity > 1:
                    self.stdout.write(f"  embedded {done}/{total}")

            from_file, computed, left = section_vectors.embed_versions(versions, compute=model,
                                                                       progress=progress, space=one)
            self.stdout.write(f"Section vectors, {one.model} ({len(versions)} versions): {from_file} from "
                              f"{one.shipped.name}, {computed} computed"
                              + ("" if model else f", {left} left without one (the model is not installed)")
                              + ".")
            if export and (space or one is section_vectors.ENGLISH_SPACE):
                count = section_vectors.export_npz(export, versions, one)
                self.stdout.write(f"Wrote {count} vectors to {export}.")
