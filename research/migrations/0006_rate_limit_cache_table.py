"""The database cache table (settings.CACHES) that rate limits and login throttling count in.

Made by migrate so every database `make corpus` or a test builds has it; createcachetable
skips a table that exists.
"""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):

    dependencies = [
        ("research", "0005_apitoken_scope_expiry_revoked"),
    ]

    operations = [
        migrations.RunPython(create_cache_table, migrations.RunPython.noop),
    ]
