"""Shared fixtures: isolated user folders, the built backend, the tiny test model."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from app.core.planning.timing import ProcessorSpeed
from app.core.resources import prompt_helper_name
from tests.helpers.kept_models import kept_models
from tests.helpers.shader_cache import SHADER_CACHE
from tests.helpers.windows_side import WindowsSide, find_windows_side

if TYPE_CHECKING:
    from app.services.system.machine import Machine

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# no test touches the user's own keyring: off Windows, keyring's "no keyring" backend (all that CI's Linux has), so
# secrets go to the file that stands in for one, in each test's own folder (isolated_user_dirs); Windows Python runs
# in Wine's test prefix, whose Credential Manager is the tests' own
if sys.platform != "win32":
    os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")

# after every test and at the end, the user's real Pictures/Polaris Studio must be as it was (issue 53)
pytest_plugins = ("tests.helpers.real_folders",)

REPO = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"
SD_CLI = REPO / "backend_bin" / "bin" / ("sd-cli.exe" if sys.platform == "win32" else "sd-cli")
LLAMA_SERVER = REPO / "backend_bin" / "bin" / prompt_helper_name(sys.platform)


# The Polaris lane (README, "Polaris notes"): POLARIS_LANE=1 runs every backend the tests start with the Polaris
# feature set (no fp16, no integer dot product, no cooperative matrices, a 2 GiB allocation cap, the submit cap),
# so lavapipe and NVIDIA run the shader paths an RX 580 runs.
POLARIS_LANE = os.environ.get("POLARIS_LANE") == "1"

# where the Windows side is kept: read now, before any test points HOME and XDG_CACHE_HOME at its own folders
WINDOWS_SIDE = find_windows_side()


def pytest_report_header() -> str:
    return f"Polaris lane: {'on (POLARIS_LANE=1)' if POLARIS_LANE else 'off'}"


@pytest.fixture(autouse=True)
def polaris_lane(monkeypatch: pytest.MonkeyPatch) -> bool:
    """The app's backend environment starts from os.environ (backend_environment): set there, the lane reaches
    every sd-cli the app or a test starts."""
    if POLARIS_LANE:
        from app.core.generation.command import POLARIS_FEATURE_SET

        for variable, value in POLARIS_FEATURE_SET.items():
            monkeypatch.setenv(variable, value)
    return POLARIS_LANE


@pytest.fixture(scope="session")
def shader_cache() -> str:
    if "POLARIS_TEST_SHADER_CACHE" not in os.environ:
        Path(SHADER_CACHE).mkdir(parents=True, exist_ok=True)
    return SHADER_CACHE


@pytest.fixture
def new_shader_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty shader cache, as on a new user's computer: lavapipe's first picture is priced with its set-up (the
    shared one holds a kept picture's shaders). For the stand-in or the time model only: the real sd-cli would
    compile every shader again."""
    folder = tmp_path / "new-shader-cache"
    monkeypatch.setenv("MESA_SHADER_CACHE_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def isolated_user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shader_cache: str,
                       processor_speed: ProcessorSpeed) -> Path:
    """No test touches the real home, config, cache or Pictures folders. The data folder holds this processor's
    speed, as a user's does after the app's first start (a test of that timing removes it)."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("MESA_SHADER_CACHE_DIR", shader_cache)
    for variable, sub in (("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"),
                          ("XDG_CACHE_HOME", ".cache"), ("XDG_STATE_HOME", ".local/state")):
        monkeypatch.setenv(variable, str(home / sub))
        (home / sub).mkdir(parents=True)  # as in a real home (Qt's trash needs the data folder to exist)
    if sys.platform == "win32":
        # Windows reads none of the above: the profile comes from USERPROFILE (Path.home()) and %LOCALAPPDATA%
        for variable, sub in (("USERPROFILE", ""), ("LOCALAPPDATA", "AppData/Local"), ("APPDATA", "AppData/Roaming")):
            monkeypatch.setenv(variable, str(home / sub))
    # QSettings reads its folder once per process (and would write the registry on Windows): each test gets an
    # INI file of its own, so that no remembered choice leaks from one test into the next
    from app.services.user_dirs import keep_settings_in

    keep_settings_in(home / "settings")
    from app.services.system.processor_speed import FILE_NAME, save_processor_speed
    from app.services.user_dirs import current_user_dirs

    save_processor_speed(current_user_dirs().data / FILE_NAME, processor_speed)
    return home


@pytest.fixture(scope="session")
def processor_speed() -> ProcessorSpeed:
    """This processor, timed once for the whole run (a second or two, as the app times it once per data folder)
    rather than by every test whose window or studio meets lavapipe."""
    from app.services.system.processor_speed import time_processor

    return time_processor()


@pytest.fixture(scope="session")
def windows_side() -> WindowsSide:
    """The Windows side (the cross-built Windows programs and Windows Python under Wine), as made before the tests
    by .ci/run or by hand: looked for, never made here. A test that uses it is marked `windows_side`, so that .ci/run
    runs it once the Windows side is made."""
    if sys.platform == "win32":
        pytest.skip("the Windows programs are cross-built on Linux, and Windows Python is Linux's Wine's")
    missing = WINDOWS_SIDE.missing()
    if missing:
        pytest.fail(f"the Windows side is not made: {', '.join(missing)} missing. Make it first (cached under "
                    f"~/.cache/polaris-studio/: seconds when warm, ~20 minutes on a new machine): "
                    f"{' && '.join(WINDOWS_SIDE.commands)}", pytrace=False)
    return WINDOWS_SIDE


@pytest.fixture(autouse=True)
def _windows_side_is_marked(request: pytest.FixtureRequest) -> None:
    # .ci/run makes the Windows programs only when a check that runs them is due (an end-to-end check: `full`), and
    # starts the tests that need them once they are made, found by the `windows_side` mark
    if "windows_side" in request.fixturenames and not all(
            request.node.get_closest_marker(mark) for mark in ("windows_side", "full")):
        pytest.fail(f"{request.node.nodeid} uses the Windows side: mark it `windows_side` and `full` (an end-to-end "
                    f"check in a row of .ci/when_changed.py)", pytrace=False)


@pytest.fixture(scope="session")
def sd_cli() -> Path:
    if not SD_CLI.is_file():
        pytest.fail(f"{SD_CLI} is missing: run ./scripts/setup.sh (it builds the backend)")
    return SD_CLI


@pytest.fixture(scope="session")
def llama_server() -> Path:
    """The prompt helper's program, our llama.cpp build, where the app finds it (beside sd-cli)."""
    if not LLAMA_SERVER.is_file():
        pytest.fail(f"{LLAMA_SERVER} is missing: run ./scripts/setup.sh --tests (the first set-up builds only the "
                    "programs that draw)")
    return LLAMA_SERVER


@pytest.fixture(scope="session")
def standin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The scripted sd-cli stand-in (tests/helpers/standin.py) as a program, on every platform."""
    from tests.helpers.cli import standin_program

    return standin_program(tmp_path_factory.mktemp("standin"))


@pytest.fixture
def held_standin(standin: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Machine, Path]:
    """(machine, release): a Machine whose backend is the stand-in holding each picture at its first step until the
    file `release` exists (its case "hold"; once the file is made, pictures go on at once), for the logic around a
    picture in the window, the queue and the studio."""
    from app.services.system.machine import Machine

    release = tmp_path / "go on"
    monkeypatch.setenv("STANDIN_CASE", "hold")
    monkeypatch.setenv("STANDIN_RELEASE", str(release))
    return Machine(standin), release


# the tiny models are written once per version of their writer and kept between runs (tests/helpers/kept_models.py)
@pytest.fixture(scope="session")
def tiny_model() -> tuple[Path, Path]:
    """(model, taesd): random-weight Flux + CLIP-L, and a tiny autoencoder."""
    from app.core.demo.picture_models import write_tiny_models

    return kept_models(write_tiny_models)


@pytest.fixture(scope="session")
def overflowing_model() -> tuple[Path, Path]:
    """(model, taesd): the tiny Flux whose decoder's weights are 1000x: its picture overflows (NaN, infinities) as
    a Polaris card's broken arithmetic does, and the backend still reports success."""
    from app.core.demo.picture_models import write_tiny_models

    return kept_models(write_tiny_models, decoder_gain=1000.0)


@pytest.fixture(scope="session")
def tiny_klein() -> tuple[Path, Path, Path]:
    """(diffusion model, llm, vae): random-weight FLUX.2 klein, Qwen3 text encoder and FLUX.2 VAE."""
    from app.core.demo.picture_models import write_tiny_klein

    return kept_models(write_tiny_klein)


@pytest.fixture(scope="session")
def tiny_prompt_model() -> Path:
    """The prompt helper's tiny Qwen3 for llama-server (random weights, a real tokenizer)."""
    from app.core.demo.text_model import write_tiny_prompt_model

    return kept_models(write_tiny_prompt_model)


@pytest.fixture
def out_dir(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "images"
    yield folder
    # a failed or cancelled job must not leave a half-written image behind
    assert not list(folder.glob(".staging-*")), "staging files left behind"


@pytest.fixture(scope="session")
def translations() -> Path:
    """resources/translations with every .ts compiled into its .qm (scripts/setup.sh builds them; a checkout
    that has not run it since a .ts changed gets them built here)."""
    from scripts.translations import FOLDER, build

    build()  # only what is missing or older than its .ts
    return FOLDER
