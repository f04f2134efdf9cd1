#!/bin/bash
# The device side of tests/bench/measure_sd_gpu.py on a lent NVIDIA machine (no Vulkan loader, no vulkaninfo):
# run from a carried folder holding gl/*.deb (Debian 12 amd64: libvulkan1 libegl1 libglvnd0 libopengl0 libgl1
# libglx0 libgles2, and vulkan-tools libx11-6 libxcb1 libwayland-client0 libxau6 libxdmcp6 libbsd0 libmd0 libffi8
# for vulkaninfo), backend.tar.xz (our sd-cli with ggml's libraries: `tar -C backend_bin/bin -cJf backend.tar.xz sd-cli sd-server lib*.so`),
# repo/ (app/ and tests/bench/ of this tree)
# and site/gguf (the gguf package). Arguments go to measure_sd_gpu.py, e.g. --part gauge --part sd1 --part decoders.
cd "$(dirname "$0")"
for f in gl/libvulkan1*.deb gl/libegl1*.deb gl/libglvnd0*.deb gl/libopengl0*.deb gl/libgl1*.deb gl/libglx0*.deb \
         gl/libgles2*.deb; do dpkg -x "$f" /; done
ldconfig
mkdir -p /tmp/vt
for f in gl/*.deb; do dpkg -x "$f" /tmp/vt; done
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
[ -x /tmp/backend/sd-cli ] || { mkdir -p /tmp/backend && tar -C /tmp/backend -xJf backend.tar.xz; }
printf '#!/bin/sh\nLD_LIBRARY_PATH=/tmp/vt/usr/lib/x86_64-linux-gnu exec /tmp/vt/usr/bin/vulkaninfo "$@"\n' > /tmp/vulkaninfo
chmod +x /tmp/vulkaninfo
nvidia-smi -q -d MEMORY > "$OUT/smi_memory.txt" 2>&1
/tmp/vulkaninfo > "$OUT/vulkaninfo_idle.txt" 2> "$OUT/vulkaninfo_idle.err"
export PYTHONPATH=$PWD/repo:$PWD/site PYTHONUNBUFFERED=1
python3 repo/tests/bench/measure_sd_gpu.py --sd-cli /tmp/backend/sd-cli --vulkaninfo /tmp/vulkaninfo --models /tmp/models \
    --out "$OUT" "$@"
