#!/usr/bin/env bash
# Sets up a fresh Debian/Ubuntu machine for Polaris Studio, idempotently:
#   system packages -> .venv with the app and its dev tools -> the Vulkan sd.cpp backend -> the demo model.
# With --tests also what the tests need beyond that: Xvfb and ImageMagick for the real-display test, and the tools
# of the Windows build and its tests under Wine (mingw-w64, Wine, wixl; .ci/run builds the Windows side).
# Safe to run again: each step skips what is already done (a warm backend build takes seconds).
set -euo pipefail
cd "$(dirname "$0")/.."

for_tests=false
case "${1:-}" in
  --tests) for_tests=true ;;
  "") ;;
  *) echo "usage: $0 [--tests]" >&2; exit 2 ;;
esac

PACKAGES=(
  python3-venv
  # build and run the Vulkan backend; lavapipe (mesa-vulkan-drivers) is a CPU Vulkan device for tests
  cmake build-essential libvulkan-dev glslc glslang-tools spirv-headers mesa-vulkan-drivers vulkan-tools
  # Ninja drives the compilers of the Linux build here (backend_bin/output.py says why); ccache keeps every compiled
  # file in ~/.cache, so a build under a new cache key compiles only what changed (ggml's CMake finds it itself)
  ninja-build ccache
  # Qt's window and offscreen platforms. The xcb (X11) and wayland lines are what `ldd` of PySide6's
  # plugins/platforms/libqxcb.so, libqwayland.so, plugins/xcbglintegrations/, plugins/wayland-*/ and the
  # libQt6XcbQpa / libQt6WaylandClient / libQt6WlShellIntegration they load names (`dpkg -S` gave the packages):
  # without libxcb-icccm4 or libxcb-keysyms1 the window does not open ('Could not load the Qt platform plugin
  # "xcb"').
  libegl1 libgl1 libfontconfig1 libxkbcommon0 libdbus-1-3 libglib2.0-0
  libx11-6 libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-glx0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
  libxcb-render0 libxcb-render-util0 libxcb-shape0 libxcb-shm0 libxcb-sync1 libxcb-util1 libxcb-xfixes0 libxcb-xkb1
  libxkbcommon-x11-0
  libwayland-client0 libwayland-cursor0 libwayland-egl1
)
TEST_PACKAGES=(
  # tests/ui/test_real_display.py opens the window on Xvfb and photographs it with ImageMagick's import
  # (x11-utils: xwininfo sees the window appear); openbox, a small window manager, frames the window with a title
  # bar and maximises it as a desktop does
  xvfb imagemagick x11-utils openbox
  # Windows, built and tested on Linux: the mingw-w64 cross compilers, 64-bit Wine (on Xvfb) and wixl
  # (msitools) for the MSI installer
  mingw-w64 mingw-w64-tools wine64 wixl msitools
  # older and other processors (SSE4.2, AVX without AVX2, AMD's FX): qemu-user runs our Linux programs as them
  qemu-user
)
if $for_tests; then
  PACKAGES+=("${TEST_PACKAGES[@]}")
fi

missing=()
for package in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "[setup] installing system packages: ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# vulkaninfo.exe is built from Debian's vulkan-tools source package, which apt fetches only with deb-src
# entries: mirror the distribution's own deb822 sources (Debian's or Ubuntu's) once, in a file of our own
if $for_tests && ! grep -Eqs '^[[:space:]]*(Types:.*deb-src|deb-src[[:space:]])' \
    /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; then
  deb_src=$(for sources in /etc/apt/sources.list.d/debian.sources /etc/apt/sources.list.d/ubuntu.sources; do
              [ -f "$sources" ] && sed -E 's/^Types:[[:space:]]+deb[[:space:]]*$/Types: deb-src/' "$sources" && echo
            done || true)
  if grep -q '^Types: deb-src$' <<<"$deb_src"; then
    echo "[setup] adding deb-src entries for Debian source packages: /etc/apt/sources.list.d/polaris-deb-src.sources"
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" tee /etc/apt/sources.list.d/polaris-deb-src.sources >/dev/null <<<"$deb_src"
    "${sudo_cmd[@]}" apt-get update -qq
  else
    echo "[setup] no deb822 sources found to mirror: add deb-src entries yourself to build vulkaninfo.exe"
  fi
fi

if [ ! -x .venv/bin/python ]; then
  echo "[setup] creating .venv"
  python3 -m venv .venv
fi
echo "[setup] installing Python packages"
.venv/bin/python -m pip install -q -e '.[dev]'

# the backends from the pinned sdists, with three of ggml's five CPU variants (the baseline, AVX, AVX2: every x86-64
# processor runs one of them, an AVX-512 one the AVX2 build), for the app and the tests alike: one build, one cache.
# The release build takes all five (README, "Windows installer": --cpu-variants all). The first set-up builds the
# programs that draw; llama-server, the prompt helper's (a third of a build from nothing), comes with --tests or the
# app's Models > Drawing engine > Build the engine, which go on in the same cache and compile only its part.
if $for_tests; then
  echo "[setup] the Linux backends: sd-cli, sd-server, llama-server"
  .venv/bin/python -m backend_bin.build --ninja --cpu-variants tests
else
  echo "[setup] the Linux backends that draw: sd-cli, sd-server"
  .venv/bin/python -m backend_bin.build --ninja --cpu-variants tests --pictures-only
fi

echo "[setup] the window's translations (resources/translations/*.qm)"
.venv/bin/python scripts/translations.py build >/dev/null

# written again when a newer writer would write it differently (the demo's colours, say), else kept
echo "[setup] the offline demo model (random weights) in .demo-model/"
.venv/bin/python -m app.core.demo.picture_models --out .demo-model --if-stale
# With --tests, the Windows side (sd-cli.exe, llama-server.exe and vulkaninfo.exe cross-built from the same sdists,
# and Windows CPython with our dependencies under Wine: ~20 minutes on a new machine, seconds when cached under
# ~/.cache/polaris-studio/) is not made here: .ci/run makes it in a process of its own beside the Linux tests, which
# do not need it. To make it now: .venv/bin/python -m backend_bin.build --windows --cpu-variants tests &&
# .venv/bin/python -m installer.windows_python

echo "[setup] done"
