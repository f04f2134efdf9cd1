"""Finished images: verified, tagged with their settings, indexed."""
