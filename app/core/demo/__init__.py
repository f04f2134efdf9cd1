"""The demo's own models, written by our code with random weights in the real files' shapes: a tiny Flux and its
decoder, a LoRA and an upscaler (picture_models.py), a tiny chat model for the prompt helper (text_model.py), and the
real-shaped calibration models the benchmarks load. Nothing here is a model a user downloads."""
