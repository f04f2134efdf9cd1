#!/bin/bash
# The cost of the submit cap (backend_bin/ggml-vulkan-submit-cap.patch) on a real GPU: the Flux Schnell-shaped
# 12B q4_0 model at 1024², 4 steps, with POLARIS_VK_MAX_NODES_PER_SUBMIT=0 (ggml's own 100 nodes per submit)
# and =16 (what a Polaris card gets), alternated three times each after one unmeasured run that compiles the
# shaders. Prints one line per run: the cap, sampling and decode seconds, and the submits of the largest graph.
# On the lent NVIDIA machine, from the repository's root, with gpu-carry/ (untracked: it travels with the tree)
# made here first:
#     mkdir -p gpu-carry/gl gpu-carry/site && (cd gpu-carry/gl && apt-get -oAPT::Architecture=amd64 download \
#         libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2)
#     cp -r .venv/lib/python3*/site-packages/gguf gpu-carry/site/ && \
#         tar -C backend_bin/bin -cJf gpu-carry/backend.tar.xz sd-cli sd-server lib*.so
# then, on the device:
#     bash tests/bench/bench_submit_cap.sh
set -euo pipefail
carry=gpu-carry
for f in "$carry"/gl/*.deb; do dpkg -x "$f" /; done
ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
mkdir -p /tmp/backend && tar -C /tmp/backend -xJf "$carry/backend.tar.xz"  # sd-cli with ggml's libraries
PYTHONPATH="$PWD:$PWD/$carry/site" python3 -c \
    "from pathlib import Path; from app.core.demo.picture_models import write_calibration_models as w; w(Path('/tmp/models'))"
run() {  # cap, size
    POLARIS_VK_LOG_SUBMITS=1 POLARIS_VK_MAX_NODES_PER_SUBMIT=$1 /tmp/backend/sd-cli -m /tmp/models/flux_schnell_shaped_q4_0.gguf \
        --vae /tmp/models/flux_ae_shaped_f32.gguf -p "a lighthouse" -W "$2" -H "$2" --steps 4 --cfg-scale 1 -s 42 \
        --diffusion-fa -o /tmp/out.png > /tmp/run.log 2>&1
    sampling=$(grep -o 'sampling completed, taking [0-9.]*s' /tmp/run.log | grep -o '[0-9.]*s$')
    decode=$(grep -o 'decode_first_stage completed, taking [0-9.]*s' /tmp/run.log | grep -o '[0-9.]*s$')
    largest=$(grep -o 'polaris: graph of [0-9]* nodes in [0-9]* submits' /tmp/run.log | sort -t' ' -k4 -n | tail -1)
    echo "cap $1 size $2: sampling $sampling decode $decode; largest graph: ${largest#polaris: }"
    if [ -n "${OUT:-}" ]; then cp /tmp/run.log "$OUT/cap$1_$2_$(date +%s%N).log"; fi
}
run 0 256
for cap in 0 16 0 16 0 16; do run "$cap" 1024; done
