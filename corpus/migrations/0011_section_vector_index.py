"""Section vectors in the database for PostgreSQL's semantic search: pgvector's halfvec under an
HNSW index (inner product: the stored vectors are unit length, so it is their cosine).

The extension is built and installed by scripts/ensure_pgvector.sh (make test, make bench);
nothing of it runs on SQLite, where the table stays empty (corpus.models.SectionVector).
"""

import django.db.models.deletion
import pgvector.django.halfvec
from django.db import migrations, models

HNSW = "CREATE INDEX corpus_sectionvector_hnsw ON corpus_sectionvector USING hnsw (embedding halfvec_ip_ops)"


def vector_extension(apps, schema_editor):
    """CREATE EXTENSION vector, or say plainly what is missing (a bare CREATE EXTENSION fails
    with a file-not-found error from the server)."""
    if schema_editor.connection.vendor != "postgresql":
        return
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_available_extensions WHERE name = 'vector'")
        if not cursor.fetchone()[0]:
            raise RuntimeError(
                "This PostgreSQL server does not offer the pgvector extension ('vector'), which search "
                "needs. On this machine, run scripts/ensure_pgvector.sh as root (it builds pgvector from "
                "../shared/vendor); elsewhere, install pgvector on the server. Then migrate again.")
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS vector")


def hnsw_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(HNSW)


def drop_hnsw_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP INDEX IF EXISTS corpus_sectionvector_hnsw")


class Migration(migrations.Migration):

    dependencies = [
        ("corpus", "0010_french_fts_index"),
    ]

    operations = [
        migrations.RunPython(vector_extension, migrations.RunPython.noop),
        migrations.CreateModel(
            name="SectionVector",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("embedding", pgvector.django.halfvec.HalfVectorField(dimensions=384)),
                ("provision", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+",
                                                to="corpus.provision")),
                ("text", models.ForeignKey(db_column="text_sha256", on_delete=django.db.models.deletion.CASCADE,
                                           related_name="+", to="corpus.sectionembedding")),
                ("version", models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE,
                                              related_name="+", to="corpus.actversion")),
            ],
            options={
                "constraints": [models.UniqueConstraint(fields=("version", "provision", "text"),
                                                        name="corpus_sectionvector_unique")],
            },
        ),
        migrations.RunPython(hnsw_index, drop_hnsw_index),
    ]
