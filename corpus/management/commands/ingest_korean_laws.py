"""manage.py ingest_korean_laws PATH... — load Korean statutes (법률 Markdown: files, folders, .tar.xz).

`manage.py ingest_korean_laws ../shared/corpus/kr` loads every revision there, history
included; a revision already held (same bytes) is skipped. Each revision is one ActVersion
whose pit date is its 시행일자. The whole batch is one transaction: a malformed file stops the
run, names the file and line, and leaves the corpus exactly as it was.
"""

from corpus.ingest import korean_laws
from corpus.management.commands import ingest_justice_laws


class Command(ingest_justice_laws.Command):
    help = "Ingest Korean statutes (Markdown with YAML front matter): files, folders or .tar.xz archives."
    suffix = ".md"
    parse = staticmethod(korean_laws.parse)
