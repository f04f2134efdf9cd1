"""Widgets. They bind to services' signals and never touch processes or parse text."""
