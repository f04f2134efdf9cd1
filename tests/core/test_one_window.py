"""One window per data folder: the socket's name for a folder, and the message a second start sends."""

from __future__ import annotations

import re

import pytest

from app.core.one_window import ANSWER, MESSAGE_END, WindowOptions, options_message, read_options, socket_name


def test_one_folder_one_name_and_each_folder_or_user_its_own() -> None:
    name = socket_name("/home/ana/.local/share/Polaris Studio", "1000", "linux")
    assert name == socket_name("/home/ana/.local/share/Polaris Studio/", "1000", "linux")
    assert name == socket_name("/home/ana/.local/share/./Polaris Studio", "1000", "linux")
    others = {socket_name("/media/usb/Polaris Studio/data", "1000", "linux"),  # a portable copy
              socket_name("/home/ana/test-base/data", "1000", "linux"),  # a --basedir
              socket_name("/home/ana/.local/share/Polaris Studio", "1001", "linux")}  # another user, same folder
    assert name not in others and len(others) == 3


def test_a_name_any_platform_takes_whatever_the_folder_is_called() -> None:
    long_folder = "/home/josé/" + "ж" * 300 + "/data"
    for name in (socket_name(long_folder, "1000", "linux"),
                 socket_name("C:\\Users\\José\\AppData\\Local\\Polaris Studio", "PC\\josé", "win32")):
        # a pipe name on Windows, a file name in the temporary folder elsewhere: short, plain letters
        assert re.fullmatch(r"polaris-studio-[0-9a-f]{32}", name)


def test_windows_folders_differ_by_more_than_case_and_slashes() -> None:
    assert (socket_name("C:\\Users\\Ana\\AppData\\Local\\Polaris Studio", "PC\\ana", "win32")
            == socket_name("c:/users/ana/appdata/local/polaris studio", "PC\\ana", "win32"))
    # on Linux the case is part of the name
    assert socket_name("/data/Polaris", "1000", "linux") != socket_name("/data/polaris", "1000", "linux")


@pytest.mark.parametrize("options", [WindowOptions(), WindowOptions(demo=True)])
def test_the_options_arrive_as_they_were_sent(options: WindowOptions) -> None:
    message = options_message(options)
    assert message.endswith(MESSAGE_END) and message.count(MESSAGE_END) == 1
    assert read_options(message) == options
    assert read_options(message.removesuffix(MESSAGE_END)) == options


@pytest.mark.parametrize("message", [b"", b"\xff\xfe", b"hello\n", b"[1, 2]\n", ANSWER, b'{"demo": true}\n',
                                     b'{"app": "polaris-studio", "demo": true}\n',
                                     b'{"app": "another-app", "version": 1, "demo": true}\n',
                                     b'{"app": "polaris-studio", "version": 1, "demo": "yes"}\n'])
def test_what_is_no_message_of_ours_is_no_options(message: bytes) -> None:
    assert read_options(message) is None


def test_a_later_version_s_new_option_is_passed_over_and_a_missing_one_is_the_default() -> None:
    assert read_options(b'{"app": "polaris-studio", "version": 2, "demo": true, "open": "x.png"}\n') == \
        WindowOptions(demo=True)
    assert read_options(b'{"app": "polaris-studio", "version": 1}\n') == WindowOptions()
