"""Real third-party clients against the real `python -m app serve` drawing with the real backend on lavapipe (the
demo model): webuiapi (an A1111 client) and OpenAI's own Python package; sd-parsers reads what comes back. Skipping
the running picture is the queue's logic around it: there the server runs the stand-in (tests/helpers/standin.py,
real sd.cpp output replayed), its picture held at its first step."""

from __future__ import annotations

import base64
import io
import json
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from PIL import Image

from app.core.planning.timing import ProcessorSpeed
from app.services.system.processor_speed import FILE_NAME as SPEED_FILE_NAME
from app.services.system.processor_speed import save_processor_speed
from tests.helpers.api_server import Served, served
from tests.helpers.picture_corpus import saturated_blocks

pytestmark = pytest.mark.backend

DEMO = "Demo (random noise)"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, shader_cache: str) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("served")
    with served(base / "base", "--demo", "--out", str(base / "pictures"),
                env={"MESA_SHADER_CACHE_DIR": shader_cache}) as running:
        running.pictures = base / "pictures"  # type: ignore[attr-defined]
        running.upscalers = base / "base" / "data" / "models" / "upscalers"  # type: ignore[attr-defined]
        yield running


@pytest.fixture(scope="module")
def release(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The file whose making lets the held pictures go on (the stand-in's case "hold")."""
    return tmp_path_factory.mktemp("release") / "go on"


@pytest.fixture(scope="module")
def held_server(tmp_path_factory: pytest.TempPathFactory, standin: Path, release: Path) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("held")
    with served(base / "base", "--demo", "--out", str(base / "pictures"), "--sd-binary", str(standin),
                env={"STANDIN_CASE": "hold", "STANDIN_RELEASE": str(release)}) as running:
        yield running


def webui(server: Served) -> object:
    import webuiapi

    host, port = server.address.removeprefix("http://").rsplit(":", 1)
    return webuiapi.WebUIApi(host=host, port=int(port), sampler="Euler", steps=2)


def parsed(picture: Image.Image) -> object:
    from sd_parsers import ParserManager

    buffer = io.BytesIO()
    picture.save(buffer, "PNG", pnginfo=_text_chunks(picture))
    buffer.seek(0)
    info = ParserManager().parse(Image.open(buffer))
    assert info is not None
    return info


def _text_chunks(picture: Image.Image) -> object:
    from PIL import PngImagePlugin

    chunks = PngImagePlugin.PngInfo()
    for key, value in getattr(picture, "text", {}).items():
        chunks.add_text(key, value)
    return chunks


def test_webuiapi_draws_through_the_queue(server: Served) -> None:
    api = webui(server)
    assert [m["title"] for m in api.get_sd_models()] == [DEMO]
    api.set_options({"CLIP_stop_at_last_layers": 2})  # A1111's Clip skip, for the calls that do not set theirs
    try:
        result = api.txt2img(prompt="a lighthouse at dawn", negative_prompt="fog", width=64, height=64, steps=2,
                             cfg_scale=1.0, seed=1234)
    finally:
        api.set_options({"CLIP_stop_at_last_layers": 1})
    # taken, and said not to apply: the demo's Flux reads the prompt with T5-XXL and only CLIP-L's summary
    assert result.info["notes"] == ["CLIP skip 2 is left out: Flux does not read the prompt from CLIP's layers"]
    [picture] = result.images
    assert picture.size == (64, 64)
    assert result.info["all_seeds"] == [1234] and result.info["sd_model_name"] == DEMO
    [sampler] = parsed(picture).samplers
    assert [p.value for p in sampler.prompts] == ["a lighthouse at dawn"]
    assert [p.value for p in sampler.negative_prompts] == ["fog"]
    assert (sampler.parameters["seed"], sampler.parameters["steps"]) == ("1234", "2")
    # it went through the app's own saving: the same picture is in its output folder
    kept = list(server.pictures.glob("*.png"))  # type: ignore[attr-defined]
    assert any(Image.open(path).tobytes() == picture.tobytes() for path in kept)


def test_webuiapi_inpaints_keeping_what_the_mask_keeps(server: Served) -> None:
    api = webui(server)
    source = Image.radial_gradient("L").convert("RGB").resize((64, 64))
    mask = Image.new("L", (64, 64), 0)
    mask.paste(255, (32, 0, 64, 64))  # repaint the right half
    result = api.img2img(images=[source], mask_image=mask, prompt="a red door", width=64, height=64, steps=2,
                         cfg_scale=1.0, seed=7, denoising_strength=0.9, mask_blur=0, inpainting_fill=1,
                         inpaint_full_res=False)
    [picture] = result.images
    assert picture.size == (64, 64)
    made = picture.convert("RGB")
    assert made.crop((0, 0, 32, 64)).tobytes() == source.crop((0, 0, 32, 64)).tobytes()  # kept exactly
    assert made.crop((32, 0, 64, 64)).tobytes() != source.crop((32, 0, 64, 64)).tobytes()
    assert parsed(picture).metadata["Denoising strength"] == "0.9"


def test_webuiapi_sees_progress_with_the_picture_forming_and_interrupts(server: Served) -> None:
    api = webui(server)
    answer: list[object] = []
    asking = threading.Thread(target=lambda: answer.append(api.txt2img(
        prompt="a slow one", width=64, height=64, steps=40, cfg_scale=1.0, seed=3, batch_size=2)))
    asking.start()
    seen = {}
    with httpx.Client(base_url=server.base, timeout=10) as client:
        for _ in range(1200):
            seen = client.get("/progress").json()
            if seen["state"]["sampling_step"] >= 2 and seen["current_image"]:
                break
            threading.Event().wait(0.1)
        assert seen["state"]["sampling_steps"] == 40 and seen["state"]["job_count"] == 2
        assert 0 < seen["progress"] < 0.5
        preview = Image.open(io.BytesIO(base64.b64decode(seen["current_image"])))
        assert preview.size[0] > 0
        assert api.interrupt() == {"interrupted": True}
    asking.join(120)
    assert not asking.is_alive()
    [result] = answer
    assert result.images == []  # interrupted before any picture was whole
    assert httpx.get(f"{server.base}/progress").json()["state"]["job_count"] == 0


@pytest.mark.usefixtures("new_shader_cache")
def test_progress_says_the_time_left_before_the_first_step(tmp_path: Path, standin: Path) -> None:
    # issue 52: before its first step a picture's eta_relative was 0, for minutes on lavapipe's first picture; now
    # the call's time as priced when the picture started, counting down, its second picture included
    release = tmp_path / "go on"
    # a processor timed at the app's first start, no shader kept yet: the first picture's set-up is priced
    save_processor_speed(tmp_path / "base" / "data" / SPEED_FILE_NAME, ProcessorSpeed(400.0, 3e9))
    with served(tmp_path / "base", "--demo", "--out", str(tmp_path / "pictures"), "--sd-binary", str(standin),
                env={"STANDIN_CASE": "hold_first_step", "STANDIN_RELEASE": str(release)}) as server:
        api = webui(server)
        answer: list[object] = []
        asking = threading.Thread(target=lambda: answer.append(api.txt2img(
            prompt="a first picture", width=64, height=64, steps=4, cfg_scale=1.0, seed=5, batch_size=2)))
        asking.start()
        with httpx.Client(base_url=server.base, timeout=10) as client:
            seen: dict = {}
            for _ in range(600):
                seen = client.get("/progress").json()
                if seen["state"]["job_count"] == 2 and seen["eta_relative"] > 0:
                    break
                threading.Event().wait(0.1)
            assert seen["state"]["sampling_step"] == 0 and seen["eta_relative"] > 60, seen  # minutes of set-up
            threading.Event().wait(1.5)
            later = client.get("/progress").json()
            # A1111's shape: a number of seconds, counting down while the first step is still awaited
            assert isinstance(later["eta_relative"], float) and later["state"]["sampling_step"] == 0
            assert later["eta_relative"] <= seen["eta_relative"] - 1.0
        release.touch()
        asking.join(120)
        assert not asking.is_alive() and len(answer[0].images) == 2  # type: ignore[attr-defined]


def test_openai_generates_and_edits(server: Served) -> None:
    from openai import OpenAI

    client = OpenAI(base_url=f"{server.address}/v1", api_key="not-needed-on-this-computer")
    assert [m.id for m in client.models.list()] == [DEMO]
    made = client.images.generate(prompt="a fox", model=DEMO, size="64x64", n=1, response_format="b64_json",
                                  extra_body={"steps": 2, "seed": 11})
    picture = Image.open(io.BytesIO(base64.b64decode(made.data[0].b64_json)))
    assert picture.size == (64, 64)
    assert parsed(picture).samplers[0].parameters["seed"] == "11"
    source = io.BytesIO()
    Image.new("RGB", (64, 64), (40, 90, 200)).save(source, "PNG")
    mask = io.BytesIO()
    clear = Image.new("RGBA", (64, 64), (0, 0, 0, 255))
    clear.paste((0, 0, 0, 0), (0, 0, 64, 32))  # redraw the top half
    clear.save(mask, "PNG")
    edited = client.images.edit(image=("sky.png", source.getvalue(), "image/png"),
                                mask=("mask.png", mask.getvalue(), "image/png"), prompt="stars", model=DEMO,
                                extra_body={"steps": 2, "seed": 12, "strength": 0.8})
    result = Image.open(io.BytesIO(base64.b64decode(edited.data[0].b64_json))).convert("RGB")
    assert result.size == (64, 64)
    assert result.crop((0, 32, 64, 64)).getcolors() == [(64 * 32, (40, 90, 200))]  # the bottom half kept


# under Windows Python too: a Windows PC's server answering a third-party client; that it draws there is shown by
# test_nodes_to_serve.py (a picture here would cost ~25 s more under Wine)
@pytest.mark.windows
def test_the_lists_a1111_clients_read(server: Served) -> None:
    api = webui(server)
    assert "Euler a" in [s["name"] for s in api.get_samplers()]
    assert "karras" in [s["name"] for s in httpx.get(f"{server.base}/schedulers").json()]
    assert api.get_loras() == []
    assert api.get_options()["sd_model_checkpoint"] == DEMO
    api.set_options({"sd_model_checkpoint": DEMO})
    refused = httpx.post(f"{server.base}/options", json={"sd_model_checkpoint": "../../x"})
    assert refused.status_code == 422 and refused.json()["field"] == "sd_model_checkpoint"
    api.set_options({"CLIP_stop_at_last_layers": 3})
    assert api.get_options()["CLIP_stop_at_last_layers"] == 3
    refused = httpx.post(f"{server.base}/options", json={"CLIP_stop_at_last_layers": 13})
    assert refused.status_code == 422 and refused.json()["field"] == "CLIP_stop_at_last_layers"
    api.set_options({"CLIP_stop_at_last_layers": 1})
    assert api.get_options()["CLIP_stop_at_last_layers"] == 1
    assert httpx.get(f"{server.address}/docs").status_code == 200
    assert "/sdapi/v1/txt2img" in httpx.get(f"{server.address}/openapi.json").json()["paths"]


def test_png_info_reads_our_pictures(server: Served) -> None:
    [picture] = sorted(server.pictures.glob("*.png"))[:1]  # type: ignore[attr-defined]
    answer = httpx.post(f"{server.base}/png-info",
                        json={"image": base64.b64encode(picture.read_bytes()).decode()}).json()
    assert answer["parameters"]["Seed"] and answer["info"].startswith(answer["parameters"]["Prompt"])


def test_a_call_asked_again_by_its_key_is_made_once_and_a_snapped_size_is_said(server: Served) -> None:
    before = set(server.pictures.glob("*.png"))  # type: ignore[attr-defined]
    payload = {"prompt": "asked twice", "width": 70, "height": 64, "steps": 2, "seed": 21}
    answers: list[httpx.Response] = []
    askers = [threading.Thread(target=lambda: answers.append(httpx.post(
        f"{server.base}/txt2img", json=payload, headers={"X-Polaris-Job": "job-21"}, timeout=600)))
        for _ in range(2)]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join(600)
    assert [a.status_code for a in answers] == [200, 200]
    first, second = (json.loads(a.json()["info"]) for a in answers)
    assert first["job_ids"] == second["job_ids"] and len(first["job_ids"]) == 1
    assert first["width"] == 64 and "70 is not a multiple of 16; using 64" in first["notes"][0]
    assert "using 64" in json.loads(answers[0].headers["X-Polaris-Notes"])[0]
    assert len(set(server.pictures.glob("*.png")) - before) == 1  # type: ignore[attr-defined]


def test_webuiapi_upscales_with_an_installed_esrgan(server: Served) -> None:
    from app.core.demo.picture_models import write_tiny_upscaler

    model = write_tiny_upscaler(server.upscalers)  # type: ignore[attr-defined]
    api = webui(server)
    assert model.stem in [u["name"] for u in api.get_upscalers()]
    result = api.extra_single_image(image=Image.effect_noise((64, 64), 60).convert("RGB"), upscaler_1=model.stem,
                                    upscaling_resize=2)
    assert result.image.size == (128, 128)
    refused = httpx.post(f"{server.base}/extra-single-image", json={"image": "", "upscaler_1": "../../x"})
    assert refused.status_code == 422 and refused.json()["field"] == "upscaler_1"


def test_skip_stops_the_running_picture_and_the_next_one_is_made(held_server: Served, release: Path) -> None:
    server = held_server
    api = webui(server)
    answer: list[object] = []
    asking = threading.Thread(target=lambda: answer.append(api.txt2img(
        prompt="skip the first", width=64, height=64, steps=8, cfg_scale=1.0, seed=50, batch_size=2)))
    asking.start()
    with httpx.Client(base_url=server.base, timeout=10) as client:
        for _ in range(1200):
            state = client.get("/progress").json()["state"]
            if state["job_no"] == 0 and state["sampling_step"] >= 1:
                break
            threading.Event().wait(0.1)
        assert api.skip() == {"skipped": True}
    release.touch()  # the second picture goes on
    asking.join(600)
    [result] = answer
    assert len(result.images) == 1 and result.info["all_seeds"] == [51]  # the second picture, whole


@pytest.mark.full
def test_openai_edits_with_flux2_klein_follow_the_instruction(server: Served, tiny_klein) -> None:
    """A set of one's own files (the Models window's "Add files I already have"), chosen by its title. Among the
    API's real clients (.ci/when_changed.py): FLUX.2 klein's real edit on every commit is test_klein_cli.py's, and
    the edit's fields are table-tested in test_fields.py."""
    from openai import OpenAI

    from app.core.models.catalog import save_custom_set

    diffusion, llm, vae = tiny_klein
    save_custom_set(server.upscalers.parent, "tiny klein", {  # type: ignore[attr-defined]
        "diffusion_model": str(diffusion), "llm": str(llm), "vae": str(vae)})
    client = OpenAI(base_url=f"{server.address}/v1", api_key="x")
    title = "tiny klein — FLUX.2 klein"
    assert title in [m.id for m in client.models.list()]
    photo = io.BytesIO()
    Image.merge("RGB", [Image.effect_noise((64, 64), 60 + 20 * band) for band in range(3)]).save(photo, "PNG")
    edited = client.images.edit(image=("photo.png", photo.getvalue(), "image/png"), prompt="make it blue",
                                model=title, extra_body={"steps": 1, "seed": 3})
    picture = Image.open(io.BytesIO(base64.b64decode(edited.data[0].b64_json)))
    assert picture.size == (64, 64)  # an edit keeps its picture's size
    details = json.loads(picture.text["polaris"])
    assert details["family"] == "flux2" and len(details["ref_images"]) == 1


def test_a_picture_the_check_sets_aside_comes_back_with_a_warning_not_an_error(server: Served) -> None:
    """Four pixels repainted in a picture of saturated blocks: the check calls it noise (on the safer try too), and
    the caller gets it all the same, with the reason in `warning`: it decides."""
    source = saturated_blocks(64, 4)
    mask = Image.new("L", (64, 64), 0)
    mask.paste(255, (30, 30, 32, 32))

    def encoded(picture: Image.Image) -> str:
        buffer = io.BytesIO()
        picture.save(buffer, "PNG")
        return base64.b64encode(buffer.getvalue()).decode()

    answer = httpx.post(f"{server.base}/img2img", timeout=600, json={
        "prompt": "noise", "init_images": [encoded(source)], "mask": encoded(mask), "width": 64, "height": 64,
        "steps": 1, "cfg_scale": 1.0, "seed": 7, "denoising_strength": 0.9, "mask_blur": 0, "inpainting_fill": 1,
        "inpaint_full_res": False})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert "The picture came out as noise of pure colours" in body["warning"]
    [picture] = [Image.open(io.BytesIO(base64.b64decode(b64))).convert("RGB") for b64 in body["images"]]
    assert picture.crop((0, 0, 64, 30)).tobytes() == source.crop((0, 0, 64, 30)).tobytes()
