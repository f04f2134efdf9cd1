"""Making images: the request, the backend's argv and its output (the memory plan is app/core/planning's)."""
