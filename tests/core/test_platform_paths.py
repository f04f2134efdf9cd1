"""Windows paths on Linux: the platform is passed in, so every Windows branch runs in CI."""

from __future__ import annotations

from pathlib import Path, PurePosixPath, PureWindowsPath

import pytest

from app.core.platform_paths import (
    BASEDIR_VARIABLE,
    UserDirs,
    backend_path,
    extended_length,
    install_dir_problem,
    user_dirs,
)

pytestmark = pytest.mark.windows

HOME = Path("/home/josé")


def no_short_name(_text: str) -> str | None:
    return None


def test_windows_keeps_data_in_local_appdata_and_images_in_pictures() -> None:
    env = {"LOCALAPPDATA": r"C:\Users\José\AppData\Local", "APPDATA": r"C:\Users\José\AppData\Roaming"}
    dirs = user_dirs("win32", env, HOME, None)
    assert dirs.data == Path(r"C:\Users\José\AppData\Local") / "Polaris Studio"
    assert dirs.models == dirs.data / "models" and dirs.gallery_index == dirs.data / "gallery.sqlite3"
    assert dirs.model_hashes.parent == dirs.thumbnails.parent == dirs.data / "cache"
    assert dirs.images == HOME / "Pictures" / "Polaris Studio"


def test_windows_uses_the_pictures_folder_the_os_names() -> None:
    # a Pictures folder redirected to OneDrive or another drive
    pictures = Path(r"D:\OneDrive - José\Bilder")
    assert user_dirs("win32", {}, HOME, pictures).images == pictures / "Polaris Studio"
    # without %LOCALAPPDATA% the profile's own AppData\Local, never the current (maybe install) folder
    assert user_dirs("win32", {}, HOME, pictures).data == HOME / "AppData" / "Local" / "Polaris Studio"


def test_linux_follows_xdg() -> None:
    env = {"XDG_DATA_HOME": "/data/share", "XDG_CACHE_HOME": "/fast/cache"}
    dirs = user_dirs("linux", env, HOME, HOME / "Bilder")
    assert dirs == UserDirs(Path("/data/share/Polaris Studio"), Path("/fast/cache/Polaris Studio"),
                            HOME / "Bilder" / "Polaris Studio")
    assert user_dirs("linux", {}, HOME, None).cache == HOME / ".cache" / "Polaris Studio"


@pytest.mark.parametrize("platform", ["win32", "linux", "darwin"])
def test_basedir_puts_everything_in_one_folder(platform: str) -> None:
    dirs = user_dirs(platform, {BASEDIR_VARIABLE: "/portable/Polaris", "LOCALAPPDATA": r"C:\x"}, HOME, HOME)
    assert dirs == UserDirs.under(Path("/portable/Polaris"))
    for folder in (dirs.data, dirs.cache, dirs.images, dirs.models, dirs.thumbnails):
        assert Path("/portable/Polaris") in folder.parents


def test_never_into_the_install_folder() -> None:
    install = PureWindowsPath(r"C:\Program Files\Polaris Studio")
    problem = install_dir_problem(install / "_internal" / "images", install)  # type: ignore[arg-type]
    assert problem is not None and "inside the program folder" in problem
    assert install_dir_problem(install, install) is not None  # type: ignore[arg-type]
    # a sibling whose name starts the same, another drive, or running from source: fine
    for folder in (r"C:\Program Files\Polaris Studio 2\out", r"D:\Bilder José\out put"):
        assert install_dir_problem(PureWindowsPath(folder), install) is None  # type: ignore[arg-type]
    assert install_dir_problem(Path("/anything"), None) is None


def test_paths_reach_the_backend_unchanged_off_windows() -> None:
    long_path = PurePosixPath("/home/josé/" + "x" * 300 + "/model.gguf")
    assert backend_path(long_path, "linux", no_short_name) == str(long_path)


def test_plain_windows_paths_are_unchanged_and_need_no_lookup() -> None:
    def must_not_look(_text: str) -> str | None:
        raise AssertionError("a plain path needs no short name")

    path = PureWindowsPath(r"D:\models\flux schnell\flux1-schnell-q4_k.gguf")
    assert backend_path(path, "win32", must_not_look) == str(path)


def test_non_ascii_windows_paths_use_the_short_name() -> None:
    path = PureWindowsPath(r"C:\Users\José\Modelle\灯台.gguf")
    names = {str(path): r"C:\Users\JOS~1\Modelle\C8E1~1.GGU"}
    assert backend_path(path, "win32", names.get) == r"C:\Users\JOS~1\Modelle\C8E1~1.GGU"
    # a volume without 8.3 names: passed as it is (sd.cpp reads it right when the code page has the characters)
    assert backend_path(path, "win32", no_short_name) == str(path)


def test_long_windows_paths_get_the_extended_length_prefix() -> None:
    long_path = PureWindowsPath("C:\\Users\\José\\" + "\\".join(["a folder with a long name"] * 12) + "\\m.gguf")
    assert len(str(long_path)) > 260
    text = backend_path(long_path, "win32", no_short_name)
    assert text == "\\\\?\\" + str(long_path)
    # a short name that is still too long is no help
    assert backend_path(long_path, "win32", lambda _t: "C:\\" + "A~1\\" * 70 + "M.GGU") == text
    names = {text: r"\\?\C:\LONG~1\M.GGU"}  # asked with the prefix, it answers with it
    assert backend_path(long_path, "win32", names.get) == r"C:\LONG~1\M.GGU"
    unc = PureWindowsPath(r"\\nas\share" + str(long_path)[2:])
    names = {extended_length(str(unc)): r"\\?\UNC\nas\share\LONG~1\M.GGU"}
    assert backend_path(unc, "win32", names.get) == r"\\nas\share\LONG~1\M.GGU"


def test_extended_length_forms() -> None:
    assert extended_length(r"C:\models/sub\..\m.gguf") == r"\\?\C:\models\m.gguf"
    assert extended_length(r"\\nas\share\models\m.gguf") == r"\\?\UNC\nas\share\models\m.gguf"
    assert extended_length(r"\\?\C:\already") == r"\\?\C:\already"
