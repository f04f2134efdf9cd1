"""`models import|list|download`: the catalog's presets and the user's own files."""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from app.core.models.catalog import (
    Catalog,
    CatalogError,
    file_status,
    load_catalog,
    preset_status,
    read_ledger,
)
from app.core.models.downloads import DownloadCancelled, DownloadError, PresetProgress
from app.core.models.families import slot_words
from app.core.models.model_files import import_file, model_files_in
from app.core.prompt_helper.model import PROMPT_MODEL_PRESET, prompt_model_download
from app.core.sizes import format_size
from app.services.commands import (
    STOP_SIGNALS,
)
from app.services.models.downloader import download_preset
from app.services.user_dirs import current_user_dirs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="models_command", required=True)
    importing = actions.add_parser("import", help="inspect model files you already have and name their slots")
    importing.add_argument("paths", type=Path, nargs="+", metavar="PATH", help="files or folders")
    importing.add_argument("--json", action="store_true", help="print a JSON list, one object per file")
    listing = actions.add_parser("list", help="the catalog's presets, their files, sizes and status here")
    listing.add_argument("--json", action="store_true", help="print one JSON document")
    download = actions.add_parser("download", help="download a preset's files, verified and resumable")
    download.add_argument("preset", metavar="PRESET", help="a preset name from `models list`")
    for sub in (listing, download):
        sub.add_argument("--models-dir", type=Path, help="the folder that holds the models (default: the app's)")
        sub.add_argument("--catalog", type=Path, help="read this catalog file instead of the app's own")


def run(args: argparse.Namespace) -> int:
    if args.models_command == "import":
        return run_models_import(args)
    try:
        catalog = load_catalog(args.catalog)
    except CatalogError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    models_dir = args.models_dir or current_user_dirs().models
    if args.models_command == "list":
        return run_models_list(catalog, models_dir, args.json)
    return run_models_download(catalog, models_dir, args.preset)


def run_models_import(args: argparse.Namespace) -> int:
    results = [import_file(path) for path in model_files_in(args.paths)]
    if args.json:
        print(json.dumps([{"path": r.path, "kind": r.kind, "slot": r.slot, "warning": r.warning}
                          for r in results]))
    else:
        for r in results:
            where = f"-> {slot_words(r.slot)}" if r.slot else "-> no slot"
            print(f"{r.path}: {r.kind} {where}" + (f" ({r.warning})" if r.warning else ""))
    return 0 if results and all(r.slot for r in results) else 1


def run_models_list(catalog: Catalog, models_dir: Path, as_json: bool) -> int:
    ledger = read_ledger(models_dir)
    listed: list[dict[str, Any]] = []  # as --json writes each
    for preset in (*catalog.presets.values(), *catalog.upscalers.values(), *catalog.controlnets.values()):
        files = [(f, file_status(models_dir, f, ledger)) for f in preset.files]
        listed.append({
            "id": preset.id, "title": preset.title, "family": preset.family.value, "bytes": preset.total_bytes,
            "status": preset_status([status for _, status in files]).value,
            "files": [{"slot": f.slot, "name": f.name, "bytes": f.bytes, "sha256": f.sha256,
                       "verified_hash": f.published_hash, "licence": f.licence, "url": f.urls[0],
                       "status": status.value} for f, status in files],
        })
    if as_json:
        print(json.dumps({"models_dir": str(models_dir), "presets": listed}))
        return 0
    print(f"models folder: {models_dir}")
    for entry in listed:
        print(f"\n{entry['id']}: {entry['title']}  [{entry['status']}, {format_size(entry['bytes'])}]")
        for f in entry["files"]:
            note = "" if f["verified_hash"] else ", no published hash"
            print(f"  {f['slot']:<16} {f['name']:<40} {format_size(f['bytes'] or 0):>9}  "
                  f"{f['status']}{note}  ({f['licence']})")
    return 0


class TextProgressBar:
    """`[#####-----]  42% 1.20/9.10 GiB  35.0 MiB/s ETA 3m50s (2/4) t5xxl_fp16.safetensors` on one line of stderr."""

    def __init__(self) -> None:
        self._shown = -1.0
        self.drawn = False  # a bar is on the line: the next message starts a new one

    def say(self, text: str) -> None:
        print(("\n" if self.drawn else "") + text, file=sys.stderr)

    def __call__(self, step: PresetProgress) -> None:
        fraction = step.overall_done / step.overall_total if step.overall_total else 0.0
        if fraction - self._shown < 0.001 and step.file_progress.done != step.file_progress.total:
            return  # at most a thousand redraws per preset
        self._shown = fraction
        self.drawn = True
        bar = "#" * int(fraction * 30)
        eta = step.eta_seconds
        what = "checking" if step.checking else f"{step.file_progress.bytes_per_s / 2**20:5.1f} MiB/s"
        eta_text = f" ETA {int(eta // 60)}m{int(eta % 60):02d}s" if eta is not None else ""
        print(f"\r[{bar:<30}] {fraction:4.0%} {format_size(step.overall_done)}/{format_size(step.overall_total)} "
              f"{what}{eta_text} ({step.index + 1}/{step.count}) {step.file.name}\x1b[K",
              end="", file=sys.stderr, flush=True)


def run_models_download(catalog: Catalog, models_dir: Path, preset_id: str) -> int:
    # the prompt helper's text model downloads on its own too (it is also two presets' text encoder)
    preset = catalog.preset(preset_id) or (prompt_model_download(catalog) if preset_id == PROMPT_MODEL_PRESET
                                           else None)
    if preset is None:
        known = [*catalog.presets, *catalog.upscalers, *catalog.controlnets, PROMPT_MODEL_PRESET]
        print(f"error: no preset {preset_id!r}; known: {', '.join(known)}", file=sys.stderr)
        return 2
    cancel = threading.Event()
    for signum in STOP_SIGNALS:
        signal.signal(signum, lambda *_: cancel.set())
    bar = TextProgressBar()
    try:
        download_preset(preset, models_dir, catalog.hosts, bar, cancel)
    except DownloadCancelled as error:
        bar.say(f"cancelled: {error}")
        return 130
    except (DownloadError, OSError) as error:
        bar.say(f"error: {preset.title}: {error}")
        return 1
    bar.say(f"{preset.title}: all files are in {models_dir}")
    return 0
