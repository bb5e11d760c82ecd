"""Expand ingest arguments (files, folders, .tar.xz archives) into (name, bytes) pairs.

`suffix` picks the files of a folder or archive: ".xml" for Justice Laws, ".md" for Korean
laws (a folder's README.md and SOURCE.md describe it and are not laws).
"""

import tarfile
from pathlib import Path

ARCHIVES = (".tar.xz", ".tar.gz", ".tar", ".tgz")
NOT_LAWS = {"readme.md", "source.md"}


class SourceError(Exception):
    pass


def _wanted(name, suffix):
    base = name.rsplit("/", 1)[-1]
    return base.endswith(suffix) and base.lower() not in NOT_LAWS


def iter_sources(paths, suffix=".xml"):
    """Yield (name, data) for every `suffix` file under the given paths, in a stable order."""
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise SourceError(f"{raw}: no such file or folder")
        if path.is_dir():
            for file in sorted(path.rglob(f"*{suffix}")):
                if _wanted(file.name, suffix):
                    yield str(file), file.read_bytes()
            for archive in sorted(path.rglob("*.tar.xz")):
                yield from _archive(archive, suffix)
        elif path.name.endswith(ARCHIVES):
            yield from _archive(path, suffix)
        else:
            yield str(path), path.read_bytes()


def count_sources(paths, suffix=".xml"):
    total = 0
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            total += sum(1 for f in path.rglob(f"*{suffix}") if _wanted(f.name, suffix))
            total += sum(_archive_count(a, suffix) for a in path.rglob("*.tar.xz"))
        elif path.name.endswith(ARCHIVES):
            total += _archive_count(path, suffix)
        elif path.exists():
            total += 1
    return total


def _archive(path, suffix):
    try:
        with tarfile.open(path) as tar:
            for member in tar:
                if member.isfile() and _wanted(member.name, suffix):
                        yield f"{path}:{member.name}", tar.extractfile(member).read()
    except (tarfile.TarError, EOFError, OSError) as exc:
        raise SourceError(f"{path}: unreadable archive: {exc}") from None


def _archive_count(path, suffix):
    try:
        with tarfile.open(path) as tar:
            return sum(1 for m in tar if m.isfile() and _wanted(m.name, suffix))
    except (tarfile.TarError, EOFError, OSError) as exc:
        raise SourceError(f"{path}: unreadable archive: {exc}") from None
