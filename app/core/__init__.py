"""Pure logic: data classes and functions, no Qt. Everything here is testable without a GPU."""
