"""Expand ingest arguments (files, folders, .tar.xz archives) into (name, bytes) pairs."""

import tarfile
from pathlib import Path


class SourceError(Exception):
    pass


def iter_sources(paths):
    """Yield (name, data) for every .xml under the given paths, in a stable order."""
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise SourceError(f"{raw}: no such file or folder")
        if path.is_dir():
            for file in sorted(path.rglob("*.xml")):
                yield str(file), file.read_bytes()
            for archive in sorted(path.rglob("*.tar.xz")):
                yield from _archive(archive)
        elif path.name.endswith((".tar.xz", ".tar.gz", ".tar", ".tgz")):
            yield from _archive(path)
        else:
            yield str(path), path.read_bytes()


def count_sources(paths):
    total = 0
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            total += sum(1 for _ in path.rglob("*.xml"))
            total += sum(_archive_count(a) for a in path.rglob("*.tar.xz"))
        elif path.name.endswith((".tar.xz", ".tar.gz", ".tar", ".tgz")):
            total += _archive_count(path)
        elif path.exists():
            total += 1
    return total


def _archive(path):
    try:
        with tarfile.open(path) as tar:
            for member in tar:
                if member.isfile() and member.name.endswith(".xml"):
                    yield f"{path}:{member.name}", tar.extractfile(member).read()
    except (tarfile.TarError, EOFError, OSError) as exc:
        raise SourceError(f"{path}: unreadable archive: {exc}") from None


def _archive_count(path):
    try:
        with tarfile.open(path) as tar:
            return sum(1 for m in tar if m.isfile() and m.name.endswith(".xml"))
    except (tarfile.TarError, EOFError, OSError) as exc:
        raise SourceError(f"{path}: unreadable archive: {exc}") from None
