"""The HTTP front end other apps call (`python -m app serve`, or the window's switch): A1111's and OpenAI's APIs
over the studio's queue. FastAPI and uvicorn load only when a server starts (over a second at start-up)."""

from app.core.queue.nodes import DEFAULT_PORT
from app.services.api_desk import MAX_WAITING_PER_CLIENT

__all__ = ["DEFAULT_PORT", "MAX_WAITING_PER_CLIENT"]
