#!/bin/bash
# Runs one of the app's GPU benchmarks on a lent NVIDIA machine (its python3 has no PySide6, no Vulkan loader):
#     app_device.sh tests/bench/bench_rig.py --out "$OUT/bench_rig.json"         (the 2-GPU machine)
#     app_device.sh tests/bench/bench_small_models.py --part check --out "$OUT"
# The benchmark runs in repo/ with `vulkaninfo` on PATH and our sd-cli in repo/backend_bin/bin/.
# The folder this script sits in (carried) holds: gl/*.deb (Debian 12: the Vulkan loader, vulkan-tools and the
# few libraries QtGui links to), pyside.tar.xz (PySide6's QtCore and QtGui with their Qt and ICU libraries, cut
# from our .venv: the wheels are abi3), site/ (gguf), backend.tar.xz (our Linux builds with their libraries:
# `tar -C backend_bin/bin -cJf backend.tar.xz sd-cli sd-server llama-server lib*.so`) and
# repo/ (app, resources, tests); a benchmark that needs no Qt or no sd-cli runs without those.
# Writes vulkaninfo's view of the machine to $OUT; the benchmark writes its figures where --out says.
set -e
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p /tmp/vt /tmp/vtlib /tmp/bin /tmp/site
for f in "$here"/gl/*.deb; do dpkg -x "$f" /tmp/vt; done
# only what the machine lacks comes from the Debian packages
for lib in /tmp/vt/usr/lib/x86_64-linux-gnu/*.so.* /tmp/vt/lib/x86_64-linux-gnu/*.so.*; do
    [ -e "$lib" ] || continue
    name=$(basename "$lib")
    ldconfig -p | grep -q "[[:space:]]$name " || ln -sf "$lib" /tmp/vtlib/"$name"
done
export LD_LIBRARY_PATH=/tmp/vtlib
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
# the driver's shader cache holds ggml's pipelines for both cards (its default size evicts one card's)
export __GL_SHADER_DISK_CACHE_SIZE=10000000000 __GL_SHADER_DISK_CACHE_SKIP_CLEANUP=1
printf '#!/bin/sh\nLD_LIBRARY_PATH=/tmp/vt/usr/lib/x86_64-linux-gnu exec /tmp/vt/usr/bin/vulkaninfo "$@"\n' > /tmp/bin/vulkaninfo
chmod +x /tmp/bin/vulkaninfo
export PATH=/tmp/bin:$PATH
[ -f "$here/pyside.tar.xz" ] && tar -C /tmp/site -xJf "$here/pyside.tar.xz"
cp -r "$here"/site/* /tmp/site/
mkdir -p "$here/repo/backend_bin/bin"
[ -f "$here/backend.tar.xz" ] && tar -C "$here/repo/backend_bin/bin" -xJf "$here/backend.tar.xz"
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1 QT_QPA_PLATFORM=offscreen
nvidia-smi > "$OUT/nvidia_smi.txt" 2>&1 || true
vulkaninfo > "$OUT/vulkaninfo_full.txt" 2> "$OUT/vulkaninfo.err" || true
cd "$here/repo"
[ -f "$here/pyside.tar.xz" ] && python3 -c "from PySide6.QtGui import QImage; import app.cli; print('app imports')"
python3 "$@"
