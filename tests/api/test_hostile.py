"""Hostile and careless requests against the real server while it draws: each is answered with a clear 4xx naming
what is wrong, and the picture being drawn comes out whole. The picture is the stand-in's (tests/helpers/standin.py,
real sd.cpp output replayed), held at its first step until the requests are answered: what is tested is the server
around it; the real backend draws through the API in test_clients.py."""

from __future__ import annotations

import asyncio
import base64
import struct
import subprocess
import threading
import zlib
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.helpers.api_server import Served, serve_argv, served
from tests.helpers.cli import REPO, utf8_env


def png_header_only(width: int, height: int) -> bytes:
    """A PNG that claims `width` x `height` pixels: a few dozen bytes that would decode to gigabytes."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(
        b"IEND", b"")


@pytest.fixture(scope="module")
def release(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The file whose making lets the held picture go on (the stand-in's case "hold")."""
    return tmp_path_factory.mktemp("release") / "go on"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, standin: Path, release: Path) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("hostile")
    with served(base / "base", "--demo", "--max-waiting", "1", "--out", str(base / "pictures"),
                "--sd-binary", str(standin), env={"STANDIN_CASE": "hold", "STANDIN_RELEASE": str(release)}) as running:
        yield running


def refused(response: httpx.Response, status: int, *words: str) -> dict:
    assert response.status_code == status, response.text
    # Starlette answers a body over the cap in plain words ("Content Too Large") before any route reads it
    answer = response.json() if response.headers["content-type"] == "application/json" else {"text": response.text}
    text = str(answer).lower()
    assert all(word.lower() in text for word in words), answer
    return answer


def test_hostile_requests_are_refused_and_the_running_picture_is_unharmed(server: Served, release: Path) -> None:
    drawn: list[httpx.Response] = []
    drawing = threading.Thread(target=lambda: drawn.append(httpx.post(
        f"{server.base}/txt2img", json={"prompt": "keep me", "width": 64, "height": 64, "steps": 2, "seed": 9},
        timeout=600)))
    drawing.start()
    with httpx.Client(base_url=server.base, timeout=60) as client:
        for _ in range(1200):
            if client.get("/progress").json()["state"]["sampling_step"] >= 1:
                break
            threading.Event().wait(0.1)
        else:
            pytest.fail("the picture never started")
        # a 50 MB body, said and sent in chunks without saying
        refused(client.post("/txt2img", content=b"{" + b" " * 50_000_000 + b"}",
                            headers={"content-type": "application/json"}), 413, "too large")
        refused(client.post("/txt2img", content=(b" " * 1_000_000 for _ in range(50)),
                            headers={"content-type": "application/json"}), 413, "too large")
        # a picture of 30000 x 30000 pixels in a few bytes
        bomb = base64.b64encode(png_header_only(30000, 30000)).decode()
        answer = refused(client.post("/img2img", json={"prompt": "x", "init_images": [bomb]}), 422, "megapixels")
        assert answer["field"] == "init_images"
        refused(client.post("/img2img", json={"prompt": "x", "init_images": ["not base64!"]}), 422, "base64")
        # a model or a LoRA named by a path
        answer = refused(client.post("/txt2img", json={"prompt": "x", "override_settings": {
            "sd_model_checkpoint": "../../x"}}), 422, "no model")
        assert answer["field"] == "sd_model_checkpoint"
        refused(client.post("/txt2img", json={"prompt": "x <lora:../../x:1>"}), 422, "not a plain name")
        # OpenAI's model is a name, never a path: one not ours is the current model (said), here refused for its n
        openai = refused(httpx.post(f"{server.address}/v1/images/generations", json={
            "prompt": "x", "model": "../../x", "n": 0}), 400)
        assert openai["error"]["param"] == "n"
        # numbers out of range, each named
        refused(client.post("/txt2img", json={"prompt": "x", "steps": -1}), 422, "steps")
        refused(client.post("/txt2img", json={"prompt": "x", "width": 10**6}), 422, "width", "2048")
        refused(client.post("/txt2img", json={"prompt": "x", "restore_faces": True}), 422, "restore_faces")
        answer = refused(client.post("/txt2img", content=b"{not json", headers={"content-type": "application/json"}),
                         422, "not valid JSON")
        assert answer["field"] == "body"
        assert refused(client.post("/txt2img", json=[1]), 422, "JSON object")["field"] == "body"
        refused(client.post("/txt2img", json={"prompt": ""}), 422, "prompt is empty")

        # 200 at once from the client whose picture is drawing (at most 1 waiting here): each refused, at once
        async def burst() -> list[httpx.Response]:
            async with httpx.AsyncClient(base_url=server.base, timeout=120,
                                         limits=httpx.Limits(max_connections=200)) as many:
                return await asyncio.gather(*(many.post("/txt2img", json={"prompt": f"burst {i}", "width": 64,
                                                                             "height": 64, "steps": 1})
                                              for i in range(200)))

        answers = asyncio.run(burst())
        assert {a.status_code for a in answers} == {429}
        assert "wait for them" in answers[0].json()["detail"]
        assert client.get("/progress").json()["state"]["job_count"] == 1
    release.touch()
    drawing.join(600)
    [response] = drawn
    assert response.status_code == 200 and len(response.json()["images"]) == 1


def test_open_to_the_network_only_with_a_password(tmp_path: Path, shader_cache: str) -> None:
    plain = subprocess.run(serve_argv(tmp_path / "a", "--listen"), cwd=REPO, env=utf8_env(), capture_output=True,
                           text=True, timeout=120, check=False)
    assert plain.returncode == 2 and "needs a password" in plain.stderr
    with served(tmp_path / "b", "--listen", "--api-key", "s3cret", "--api-auth", "ana:pass word") as server:
        assert server.address.startswith("http://0.0.0.0:")
        local = server.address.replace("0.0.0.0", "127.0.0.1")
        refused(httpx.get(f"{local}/sdapi/v1/sd-models"), 401, "password")
        refused(httpx.get(f"{local}/v1/models", headers={"Authorization": "Bearer wrong"}), 401)
        assert httpx.get(f"{local}/v1/models", headers={"Authorization": "Bearer s3cret"}).status_code == 200
        assert httpx.get(f"{local}/sdapi/v1/samplers", auth=("ana", "pass word")).status_code == 200
        refused(httpx.get(f"{local}/sdapi/v1/options", auth=("ana", "nope")), 401)


def test_a_port_in_use_is_said(tmp_path: Path, server: Served) -> None:
    port = server.address.rsplit(":", 1)[1]
    taken = subprocess.run([*serve_argv(tmp_path / "c")[:-1], port], cwd=REPO, env=utf8_env(), capture_output=True,
                           text=True, timeout=120, check=False)
    assert taken.returncode == 2 and f"Port {port}" in taken.stderr and "--port" in taken.stderr
