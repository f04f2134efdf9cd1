"""The tiny test models, written once per version of their writer and kept beside the build cache: every pytest (the
Linux lane's workers, Windows Python under Wine, a developer's run) reads the same files instead of writing its own
(2-4 s of numpy each, and a little more under Wine)."""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from tests.helpers.shader_cache import BUILD_CACHE_HOME

KEPT_MODELS = BUILD_CACHE_HOME / "polaris-studio" / "test-models"
WRITTEN = "written.json"  # the writer's answer, as paths relative to its folder

Written = TypeVar("Written", Path, tuple[Path, ...])


def kept_models(writer: Callable[..., Written], **options: object) -> Written:
    """What `writer(folder, **options)` returns (one of app.core.demo's writers: a path or a tuple of paths), from a
    folder of its own per writer and options, written again when the writers' source changes (writer_stamp). A
    folder is written under a temporary name and renamed into place whole, so a run beside it never reads half a
    model; the loser of a race throws its copy away. Tests read these files, never change them."""
    from app.core.demo.picture_models import writer_stamp  # numpy: not for every conftest import

    stamp = writer_stamp(int(str(options.get("seed", 0))))
    key = json.dumps(sorted(options.items()), default=str)
    folder = KEPT_MODELS / f"{writer.__qualname__}-{hashlib.sha256(key.encode()).hexdigest()[:12]}"
    written = _read(folder)
    if written.get("stamp") != stamp:
        KEPT_MODELS.mkdir(parents=True, exist_ok=True)
        partial = Path(tempfile.mkdtemp(prefix=".partial-", dir=KEPT_MODELS))
        answer = writer(partial, **options)
        paths = [answer] if isinstance(answer, Path) else list(answer)
        written = {"stamp": stamp, "single": isinstance(answer, Path),
                   "paths": [path.relative_to(partial).as_posix() for path in paths]}
        (partial / WRITTEN).write_text(json.dumps(written), encoding="utf-8")
        stale = Path(tempfile.mkdtemp(prefix=".stale-", dir=KEPT_MODELS))
        try:
            if _read(folder).get("stamp") == stamp:  # a run beside this one was quicker
                raise FileExistsError(folder)
            if folder.exists():
                folder.replace(stale / "old")
            partial.replace(folder)
        except OSError:  # a run beside this one put its copy in place first: a folder is not replaced over another
            shutil.rmtree(partial, ignore_errors=True)
        shutil.rmtree(stale, ignore_errors=True)
        written = _read(folder)
    found = tuple(folder / relative for relative in written["paths"])
    return found[0] if written["single"] else found  # type: ignore[return-value]


def _read(folder: Path) -> dict[str, object]:
    try:
        answer = json.loads((folder / WRITTEN).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return answer if isinstance(answer, dict) else {}
