#!/bin/bash
# The engines' A/B (issue 49) on the lent NVIDIA machine: builds sd-cli on ggml 0.25.3 there (16 cores) from a source
# tree this machine prepared, then runs tests/bench/bench_engines.py, today's engine against it. From the repository's
# root, with build/issue49/ (git-ignored under /build/; name its files in the device call's carry) made here first:
#   python3 -c 'from pathlib import Path; from backend_bin.source import *; from backend_bin.linux import INCLUDE_DIRS
#       d = Path.home() / ".cache/polaris-studio/backend/downloads"
#       extract_sd_cpp(d / SD_CPP_SDIST.file, Path("/tmp/work"), INCLUDE_DIRS, LLAMA_GGML_ENGINE, d / LLAMA_CPP_SDIST.file)'
#   tar -C /tmp/work/src/stable_diffusion_cpp_python-0.4.7/vendor -cJf build/issue49/src.tar.xz --exclude=docs \
#       --exclude=thirdparty/libwebp --exclude=thirdparty/libwebm stable-diffusion.cpp    (the patched tree: 11 MB)
#   tar -C backend_bin/bin -cJf build/issue49/old.tar.xz sd-cli libggml.so libggml-base.so libggml-vulkan.so \
#       libggml-cpu-x64.so libggml-cpu-haswell.so                                          (today's engine, built here)
#   build/issue49/tc.tar.xz holding tc/bin/glslc, tc/lib/libshaderc.so.1, tc/include/{vulkan,vk_video,spirv} and
#       tc/share/cmake/SPIRV-Headers (Debian 12's: the machine has no glslc, Vulkan or SPIR-V headers)
#   build/issue49/gl/*.deb (apt-get download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2) and
#       build/issue49/site/gguf (from .venv)
# then, on the device:
#     bash tests/bench/engines_device.sh build     (the new engine into build/issue49/new; its files into $OUT, in
#         15 MB parts: cat new-engine.tar.xz.* | tar -xJf -. It needs glibc 2.38, the machine's: Debian 12 has 2.36)
#     bash tests/bench/engines_device.sh bench ARGS...   (bench_engines.py with --engine old=... --engine new=...;
#         no new round starts 520 s after the script began, to end inside the device's 10 minutes)
set -euo pipefail
started_at=$(date +%s)
here=build/issue49
for f in "$here"/gl/*.deb; do dpkg -x "$f" /; done
ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
export PYTHONPATH="$PWD:$PWD/$here/site" PYTHONUNBUFFERED=1
mkdir -p /tmp/old && [ -x /tmp/old/sd-cli ] || tar -C /tmp/old -xJf "$here/old.tar.xz"
c++ --version | head -n 1; cmake --version | head -n 1
# a warm machine keeps the last call's build; a fresh one builds again
if [ "$1" = build ] || [ ! -x "$here/new/sd-cli" ]; then
    started=$(date +%s)
    mkdir -p /tmp/src && rm -rf /tmp/tc && tar -C /tmp -xJf "$here/tc.tar.xz"
    # a tree already there (a warm machine's, or one the command changed) is built as it is
    [ -d /tmp/src/stable-diffusion.cpp ] || tar -C /tmp/src -xJf "$here/src.tar.xz"
    export LD_LIBRARY_PATH=/tmp/tc/lib
    ln -sf "$(ls /usr/lib/x86_64-linux-gnu/libvulkan.so.1)" /tmp/tc/lib/libvulkan.so
    python3 - <<'EOF'
from pathlib import Path
from backend_bin.linux import BuildOptions
from backend_bin.output import configure
from backend_bin.source import LLAMA_GGML_ENGINE
options = BuildOptions(variants=("x64", "haswell"), engine=LLAMA_GGML_ENGINE)
configure(Path("/tmp/src/stable-diffusion.cpp"), Path("/tmp/build"), [
    *options.cmake_flags(), "-DVulkan_INCLUDE_DIR=/tmp/tc/include", "-DVulkan_LIBRARY=/tmp/tc/lib/libvulkan.so",
    "-DVulkan_GLSLC_EXECUTABLE=/tmp/tc/bin/glslc", "-DCMAKE_PREFIX_PATH=/tmp/tc"], ninja=True)
EOF
    cmake --build /tmp/build -j16 --target sd-cli 2>&1 | tail -n 30
    echo "build: $(( $(date +%s) - started )) s"
    mkdir -p "$here/new" && cp /tmp/build/bin/sd-cli /tmp/build/bin/lib*.so "$here/new/"
    ls -la "$here/new"
    objdump -T "$here"/new/* | grep -o "GLIBC_[0-9.]*\|GLIBCXX_[0-9.]*" | sort -uV | tail -n 4 || true
    tar -C "$here/new" -cf - . | xz -T16 -6 | split -b 15M - "$OUT/new-engine.tar.xz."
fi
[ "$1" = build ] && shift
if [ "${1:-}" = bench ]; then
    shift
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv > "$OUT/gpu.txt" 2>&1 || true
    python3 tests/bench/bench_engines.py --engine old=/tmp/old/sd-cli --engine new="$PWD/$here/new/sd-cli" \
        --models /tmp/models --out /tmp/bench-engines --deadline $(( 520 - $(date +%s) + started_at )) "$@" 2>&1 \
        | tee "$OUT/bench.txt"
    cp /tmp/bench-engines/runs.jsonl "$OUT/"
fi
