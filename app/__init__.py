"""Polaris Studio: local image generation on AMD Polaris GPUs through the Vulkan build of sd.cpp."""

__version__ = "0.1.0"
