"""Builds and holds the Vulkan stable-diffusion.cpp binaries the app drives."""
