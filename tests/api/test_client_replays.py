"""What the clients people use send, call by call in their order, with the headers and bodies their source writes
(SillyTavern's server `src/endpoints/stable-diffusion.js` and its extension's `generateAutoImage`, Open WebUI's
`backend/open_webui/routers/images.py`, the AIYA Discord bot's `core/settings.py` and `core/stablecog.py`), against
the real `python -m app serve --demo`; each ends with the picture read as that client reads it. Sizes and steps are
the smallest the demo model draws (a user's own settings in each client); every other value is the client's
default."""

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

from app.core.demo.picture_models import demo_model_files
from app.core.gallery.metadata import parse_parameters, settings_fields
from app.core.generation.faces import DETECTOR_NAME
from app.core.models.catalog import save_custom_set
from tests.api.test_fields import SILLYTAVERN_ADETAILER, controlnet_unit
from tests.helpers.api_server import Served, served

# end to end (real clients, a picture per call, against our server and backend): out of the every-commit tier
# (.ci/when_changed.py says when .ci/run runs it)
pytestmark = [pytest.mark.backend, pytest.mark.full]

DEMO = "Demo (random noise)"
SIZE, STEPS = 64, 1


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, shader_cache: str) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("replays")
    with served(base / "base", "--demo", "--out", str(base / "pictures"),
                env={"MESA_SHADER_CACHE_DIR": shader_cache}) as running:
        running.models = base / "base" / "data" / "models"  # type: ignore[attr-defined]
        yield running


def picture_of(text: str) -> Image.Image:
    picture = Image.open(io.BytesIO(base64.b64decode(text)))
    picture.load()
    return picture


def settings_of(picture: Image.Image) -> dict[str, str]:
    return settings_fields(parse_parameters(picture.text["parameters"]).settings)  # type: ignore[attr-defined]


def test_sillytavern_stable_diffusion_webui_source(server: Served) -> None:
    """Its server's calls when the source is chosen, connected, and asked for a picture (the whole body its
    browser posts, with its own `url` and `auth`)."""
    url = server.address
    # getBasicAuthHeader('') of an empty password is 'Basic ' + btoa(''): 'Basic', once HTTP drops the trailing space
    auth = {"Authorization": "Basic"}
    with httpx.Client(timeout=600) as http:
        assert http.get(f"{url}/sdapi/v1/options", headers=auth).is_success  # /ping
        upscalers = [x["name"] for x in http.get(f"{url}/sdapi/v1/upscalers", headers=auth).json()]
        latent = [x["name"] for x in http.get(f"{url}/sdapi/v1/latent-upscale-modes", headers=auth).json()]
        assert upscalers == [] and latent[0] == "Latent"
        vaes = [http.get(f"{url}/sdapi/v1/{path}", headers=auth) for path in ("sd-vae", "sd-modules")]
        assert [vae.json() for vae in vaes] == [[], []]  # /vaes: a list, so its VAE picker shows none
        samplers = [x["name"] for x in http.get(f"{url}/sdapi/v1/samplers", headers=auth).json()]
        schedulers = [x["name"] for x in http.get(f"{url}/sdapi/v1/schedulers", headers=auth).json()]
        assert "DDIM" in samplers and "karras" in schedulers
        models = [{"value": x["title"], "text": x["title"]}
                  for x in http.get(f"{url}/sdapi/v1/sd-models", headers=auth).json()]
        assert models == [{"value": DEMO, "text": DEMO}]
        assert http.get(f"{url}/sdapi/v1/options", headers=auth).json()["sd_model_checkpoint"] == DEMO  # /get-model
        # /generate: the options first (is it Forge? then forge_additional_modules stays), then the body as posted
        assert "forge_preset" not in http.get(f"{url}/sdapi/v1/options", headers=auth).json()
        body = {"url": url, "auth": "", "prompt": "a lighthouse at dawn", "negative_prompt": "lowres, bad anatomy",
                "sampler_name": "DDIM", "scheduler": "normal", "steps": STEPS, "cfg_scale": 7, "width": SIZE,
                "height": SIZE, "restore_faces": False, "enable_hr": False, "hr_upscaler": "Latent", "hr_scale": 2,
                "hr_additional_modules": [], "denoising_strength": 0.7, "hr_second_pass_steps": 0,
                "override_settings": {"CLIP_stop_at_last_layers": 1}, "override_settings_restore_afterwards": True,
                "clip_skip": 1, "save_images": True, "send_images": True, "do_not_save_grid": False,
                "do_not_save_samples": False}
        answer = http.post(f"{url}/sdapi/v1/txt2img", content=json.dumps(body),
                           headers={"Content-Type": "application/json", **auth})
    assert answer.is_success, answer.text
    data = answer.json()
    picture = picture_of(data["images"][0])  # the extension saves it as { format: 'png', data: images[0] }
    assert picture.format == "PNG" and picture.size == (SIZE, SIZE)
    assert settings_of(picture)["Sampler"] == "DDIM" and settings_of(picture)["Schedule type"] == "Normal"
    # its own keys were left out, by name only (never the password's value)
    assert json.loads(data["info"])["notes"][0] == "left out, as A1111 does: url, auth (not fields of its API)"
    refused = httpx.post(f"{url}/sdapi/v1/txt2img", json={**body, "restore_faces": True})
    assert refused.status_code == 422 and refused.json()["field"] == "restore_faces"


def test_sillytavern_stable_diffusion_cpp_source(server: Served) -> None:
    """sd.cpp's own server as SillyTavern reaches it: an OPTIONS ping, its models, then A1111's txt2img with the
    settings it has (empty ones left out), here a user's CLIP skip of 2, which the demo's Flux has no layers for."""
    url = server.address
    ping = httpx.options(f"{url}/v1/images/generations")
    assert ping.is_success and "POST" in ping.headers["allow"]
    assert [m["id"] for m in httpx.get(f"{url}/v1/models").json()["data"]] == [DEMO]
    payload = {"prompt": "a red fox", "negative_prompt": "", "width": SIZE, "height": SIZE, "steps": STEPS,
               "cfg_scale": 1, "seed": -1, "batch_size": 1, "sampler_name": "Euler a", "scheduler": None,
               "clip_skip": 2, "model": DEMO}
    payload = {key: value for key, value in payload.items() if value not in (None, "")}
    answer = httpx.post(f"{url}/sdapi/v1/txt2img", content=json.dumps(payload),
                        headers={"Content-Type": "application/json"}, timeout=600)
    assert answer.is_success, answer.text
    assert picture_of(answer.json()["images"][0]).size == (SIZE, SIZE)
    said = "CLIP skip 2 is left out: Flux does not read the prompt from CLIP's layers"
    assert said in json.loads(answer.json()["info"])["notes"] and said in answer.headers["X-Polaris-Notes"]


def test_open_webui_automatic1111_switches_the_model_it_draws_with(server: Served, tmp_path: Path) -> None:
    """Open WebUI's admin chooses the second installed model: it posts the whole GET /options answer back with the
    new title; the next picture is drawn with that model."""
    demo = demo_model_files()
    assert demo is not None and demo.model is not None and demo.taesd is not None
    other = tmp_path / "second_demo.gguf"
    other.symlink_to(demo.model)
    models_dir: Path = server.models  # type: ignore[attr-defined]
    save_custom_set(models_dir, "Second demo", {"model": str(other), "taesd": str(demo.taesd)})
    url, auth = server.address, {"authorization": ""}  # no AUTOMATIC1111_API_AUTH: an empty header
    try:
        assert httpx.get(f"{url}/sdapi/v1/options", headers=auth).is_success  # /config/url/verify
        models = [{"id": m["title"], "name": m["model_name"]}
                  for m in httpx.get(f"{url}/sdapi/v1/sd-models", headers=auth).json()]
        [second] = [m["id"] for m in models if m["id"] != DEMO]
        # set_image_model
        options = httpx.get(f"{url}/sdapi/v1/options", headers=auth).json()
        assert second != options["sd_model_checkpoint"]
        options["sd_model_checkpoint"] = second
        httpx.post(f"{url}/sdapi/v1/options", json=options, headers=auth).raise_for_status()
        # image_generations: get_image_model, then txt2img with IMAGE_SIZE and IMAGE_STEPS
        assert httpx.get(f"{url}/sdapi/v1/options", headers=auth).json()["sd_model_checkpoint"] == second
        answer = httpx.post(f"{url}/sdapi/v1/txt2img", json={"prompt": "a harbour", "batch_size": 1, "width": SIZE,
                                                             "height": SIZE, "steps": STEPS}, headers=auth,
                            timeout=600)
        res = answer.json()
        assert answer.is_success, res
        picture = picture_of(res["images"][0])  # get_image_data: no comma, so plain base64 of a PNG
        assert settings_of(picture)["Model"] == "second_demo"
        # and back: the first model draws again
        options = httpx.get(f"{url}/sdapi/v1/options", headers=auth).json()
        options["sd_model_checkpoint"] = DEMO
        httpx.post(f"{url}/sdapi/v1/options", json=options, headers=auth).raise_for_status()
        refused = httpx.post(f"{url}/sdapi/v1/options", json={**options, "samples_format": "jpg"}, headers=auth)
        assert refused.status_code == 422 and refused.json()["field"] == "samples_format"
    finally:
        httpx.post(f"{url}/sdapi/v1/options", json={"sd_model_checkpoint": DEMO})


@pytest.mark.parametrize("model", ["dall-e-2", "gpt-image-1"])
def test_open_webui_openai_engine_with_its_default_model_names(server: Served, model: str) -> None:
    """Its default model (or the admin's pick from its own list, dall-e-3 and gpt-image-1 beside it), which is not
    one of ours: drawn with the current model, and said (a title typed without its dash matches: test_fields)."""
    data = {"model": model, "prompt": "a quiet street", "n": 1, "size": f"{SIZE}x{SIZE}",
            **({} if model.startswith("gpt-image") else {"response_format": "b64_json"})}
    answer = httpx.post(f"{server.address}/v1/images/generations", json=data, timeout=600,
                        headers={"Authorization": "Bearer sk-not-needed", "Content-Type": "application/json"})
    assert answer.is_success, answer.text
    res = answer.json()
    [image] = res["data"]
    assert "url" not in image and picture_of(image["b64_json"]).size == (SIZE, SIZE)
    said = f"no model {model!r} here: drawn with {DEMO!r} (GET /v1/models lists ours)"
    assert res["notes"] == [said] and json.loads(answer.headers["X-Polaris-Notes"]) == [said]


def test_aiya_discord_bot_starts_and_draws_with_its_defaults(server: Served) -> None:
    url = server.address
    with httpx.Client(timeout=600) as s:
        # startup_check: cmd-flags (401: --api-auth; 404: no --api), then HEAD /
        assert s.get(f"{url}/sdapi/v1/cmd-flags").status_code == 200
        s.head(url)
        # populate_global_vars: /version (absent unless SD.Next), Gradio's /config and /login (absent), then lists
        assert s.get(f"{url}/sdapi/v1/version").status_code == 404
        assert s.get(f"{url}/config").status_code != 401
        s.post(f"{url}/login")
        r1, r2, r3, r4, r5, r6, r = (s.get(f"{url}/sdapi/v1/{path}") for path in (
            "samplers", "prompt-styles", "face-restorers", "embeddings", "hypernetworks", "upscalers", "sd-models"))
        sampler_names = [s1["name"] for s1 in r1.json()]
        style_names = {"None": ""} | {s2["name"]: (s2["prompt"], s2["negative_prompt"]) for s2 in r2.json()}
        facefix_models = [s3["name"] for s3 in r3.json()]
        embeddings = r4.json()
        assert all(isinstance(embeddings[key], dict) for key in ("loaded", "skipped"))
        hyper_names = [s5["name"] for s5 in r5.json()]
        upscaler_names = [s6["name"] for s6 in r6.json()]
        assert DEMO in [m["title"] for m in r.json()] and "filename" in r.json()[0]
        lora_names = [s7["alias"] for s7 in s.get(f"{url}/sdapi/v1/loras").json()]
        assert "Euler a" in sampler_names and "Photo" in style_names
        assert facefix_models == hyper_names == upscaler_names == lora_names == []
        # /draw with the channel defaults (guidance_scale and strength are text in its config), a seed it picked
        payload = {"prompt": "a castle", "negative_prompt": "", "steps": STEPS, "width": SIZE, "height": SIZE,
                   "cfg_scale": "7.0", "sampler_index": "Euler a", "seed": 0xFFFFFFFF, "seed_resize_from_h": -1,
                   "seed_resize_from_w": -1, "denoising_strength": None, "n_iter": 1, "batch_size": 1,
                   "styles": ["None"], "override_settings": {"CLIP_stop_at_last_layers": 1}}
        response = s.post(f"{url}/sdapi/v1/txt2img", json=payload)
        assert response.is_success, response.text
        [image] = response.json()["images"]
        info = s.post(f"{url}/sdapi/v1/png-info", json={"image": "data:image/png;base64," + image}).json()["info"]
        assert "Seed: 4294967295" in info and "CFG scale: 7" in info
        assert "no style named 'None'" in json.loads(response.json()["info"])["notes"][0]
        # an init image from Discord, MIME-wrapped as some clients send it, and an old "Sampler Karras" name
        wrapped = base64.encodebytes(base64.b64decode(image)).decode()
        assert "\n" in wrapped
        redrawn = s.post(f"{url}/sdapi/v1/img2img", json={
            **payload, "sampler_index": "DPM++ 2M Karras", "init_images": ["data:image/png;base64," + wrapped],
            "denoising_strength": "0.75"})
        assert redrawn.is_success, redrawn.text
        settings = settings_of(picture_of(redrawn.json()["images"][0]))
        assert (settings["Sampler"], settings["Schedule type"], settings["Denoising strength"]) == (
            "DPM++ 2M", "Karras", "0.75")


def test_seeds_over_a1111s_whole_range_come_back_exactly(server: Served) -> None:
    """0, and 2**31 - 1 with the next one (a batch of two); 2**32 - 1, the largest, is the Discord bot's above."""
    answers: list[httpx.Response] = []

    def ask(seed: int, count: int) -> None:
        answers.append(httpx.post(f"{server.base}/txt2img", timeout=600, json={
            "prompt": "a seed", "width": SIZE, "height": SIZE, "steps": STEPS, "seed": seed, "batch_size": count}))

    askers = [threading.Thread(target=ask, args=asked) for asked in ((0, 1), (2**31 - 1, 2))]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join(600)
    drawn = {}
    for answer in answers:
        seeds = json.loads(answer.json()["info"])["all_seeds"]
        drawn |= {seed: settings_of(picture_of(image))["Seed"] for seed, image in zip(
            seeds, answer.json()["images"], strict=True)}
    assert drawn == {0: "0", 2**31 - 1: str(2**31 - 1), 2**31: str(2**31)}
    refused = httpx.post(f"{server.base}/txt2img", json={"prompt": "x", "seed": 2**32 - 1, "batch_size": 2})
    assert refused.status_code == 422 and "seed must be between 0 and 4294967295" in refused.json()["detail"]


def test_interrupt_stops_the_callers_own_call_not_another_apps(server: Served) -> None:
    """SillyTavern interrupts when its user leaves: its own waiting call stops, another app's picture draws on."""
    other_app = httpx.Client(base_url=server.base, timeout=600)
    tavern = httpx.Client(base_url=server.base, timeout=600, transport=httpx.HTTPTransport(local_address="127.0.0.2"))
    answers: dict[str, httpx.Response] = {}
    drawing = threading.Thread(target=lambda: answers.update(other=other_app.post("/txt2img", json={
        "prompt": "the other app's", "width": SIZE, "height": SIZE, "steps": 40, "seed": 5})))
    drawing.start()
    try:
        for _ in range(1200):
            if other_app.get("/progress").json()["state"]["sampling_step"] >= 1:
                break
            threading.Event().wait(0.1)
        waiting = threading.Thread(target=lambda: answers.update(tavern=tavern.post("/txt2img", json={
            "prompt": "the tavern's", "width": SIZE, "height": SIZE, "steps": STEPS, "seed": 6})))
        waiting.start()
        threading.Event().wait(2)  # its call reaches the queue, behind the running picture
        assert tavern.post("/interrupt").json() == {"interrupted": True}
        waiting.join(600)
        assert answers["tavern"].json()["images"] == []
        state = other_app.get("/progress").json()["state"]
        assert not state["interrupted"] and state["sampling_steps"] == 40  # the other app's still draws
        assert other_app.post("/interrupt").json() == {"interrupted": True}
        drawing.join(600)
        assert answers["other"].is_success
    finally:
        other_app.close()
        tavern.close()


def test_sillytaverns_adetailer_request_draws_and_looks_for_faces(server: Served) -> None:
    """SillyTavern's Image Generation with "ADetailer (face)" ticked, the A1111 source: its body with the face YOLO
    model by name, at the user's size and steps; the picture comes back, said to have been looked at for faces."""
    body = {**SILLYTAVERN_ADETAILER, "width": SIZE, "height": SIZE, "steps": STEPS}
    answer = httpx.post(f"{server.address}/sdapi/v1/txt2img", content=json.dumps(body),
                        headers={"Content-Type": "application/json"}, timeout=600)
    assert answer.is_success, answer.text
    picture = picture_of(answer.json()["images"][0])
    assert picture.format == "PNG" and picture.size == (SIZE, SIZE)
    notes = json.loads(answer.json()["info"])["notes"]
    assert any("instead of 'face_yolov8n.pt'" in note for note in notes), notes
    # the PNG records the fix as ADetailer does (the demo's noise has no face to repaint)
    settings = settings_of(picture)
    assert settings["ADetailer model"] == DETECTOR_NAME and settings["ADetailer denoising strength"] == "0.4"


@pytest.fixture(scope="module")
def sd1_with_controlnet(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    from app.core.demo.picture_models import write_sd1_with_controlnet

    return write_sd1_with_controlnet(tmp_path_factory.mktemp("sd1_controlnet"))


# a ControlNet needs SD 1.5's real shapes (sd.cpp fixes them): a minute or more a picture on lavapipe
@pytest.mark.timeout(3600)
def test_an_a1111_controlnet_request_draws_guided_by_its_picture(server: Served,
                                                                 sd1_with_controlnet: tuple[Path, Path, Path]) -> None:
    """A script or a bot posting the ControlNet extension's unit (as sd-webui-controlnet's API takes it: the picture
    as base64, the canny preprocessor, the model by the name the extension lists) with the SD 1.5 model chosen."""
    model, taesd, controlnet = sd1_with_controlnet
    models_dir: Path = server.models  # type: ignore[attr-defined]
    save_custom_set(models_dir, "SD 1.5 shaped", {"model": str(model), "taesd": str(taesd)})
    (models_dir / "controlnet").mkdir(exist_ok=True)
    (models_dir / "controlnet" / "control_v11p_sd15_canny.safetensors").symlink_to(controlnet)
    square = Image.new("RGB", (SIZE, SIZE), "black")
    square.paste("white", (16, 16, 48, 48))
    control = io.BytesIO()
    square.save(control, format="PNG")
    unit = controlnet_unit(input_image=base64.b64encode(control.getvalue()).decode(), weight=0.9,
                           processor_res=SIZE)
    url = server.address
    try:
        # chosen from the list by the title the server gives it
        [title] = [m["title"] for m in httpx.get(f"{url}/sdapi/v1/sd-models").json()
                   if m["title"].startswith("SD 1.5 shaped")]
        httpx.post(f"{url}/sdapi/v1/options", json={"sd_model_checkpoint": title}).raise_for_status()
        answer = httpx.post(f"{url}/sdapi/v1/txt2img", json={
            "prompt": "a house", "negative_prompt": "", "width": SIZE, "height": SIZE, "steps": STEPS, "seed": 5,
            "cfg_scale": 1, "sampler_name": "Euler a", "alwayson_scripts": {"controlnet": {"args": [unit]}}},
            timeout=3600)
    finally:
        httpx.post(f"{url}/sdapi/v1/options", json={"sd_model_checkpoint": DEMO})
    assert answer.is_success, answer.text
    picture = picture_of(answer.json()["images"][0])
    assert picture.size == (SIZE, SIZE)
    assert settings_of(picture)["ControlNet 0"] == (
        "Module: canny, Model: control_v11p_sd15_canny, Weight: 0.9")
